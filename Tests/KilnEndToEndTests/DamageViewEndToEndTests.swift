// D in the real window under Xvfb: in Mailbox at rest nothing changes, so nothing is tinted;
// a row dragged sideways and springing back is tinted, and the header above it, which stands still, is not; D
// again takes the tint away.
import Foundation
import KilnEndToEndSupport
import Testing

// Part of the end-to-end suite, so that it never runs beside the other windows.
extension EndToEndTests {
    @Test("D tints what each frame changes in the window, a dragged row and not the header, and D again hides it")
    func damageView() throws {
        try withApp(arguments: ["mailbox", "--mute"]) { app, window, files in
            Thread.sleep(forTimeInterval: 1)
            try window.key("d")
            #expect(try eventually(within: 10) { app.errorOutput.contains("showing what each frame changes") },
                    "\(app.errorOutput)")
            Thread.sleep(forTimeInterval: 0.6)
            let shot = files.appendingPathComponent("damage.png").path
            try window.screenshot(to: shot)
            let still = try RGBImage(contentsOf: shot)
            #expect(Self.outlineRows(in: still, rows: 0..<still.height).isEmpty, "a tint over a scene at rest")

            // The top message, 104 to 196 points down, dragged 40 points to the right, short of
            // its first zone: it springs back as the picture is taken.
            try window.drag(fromCanvas: (x: 100, y: 150), to: (x: 140, y: 150))
            try window.screenshot(to: shot)
            let dragged = try RGBImage(contentsOf: shot)
            let header = Self.outlineRows(in: dragged, rows: 0..<(dragged.height * 100 / 844))
            let rows = Self.outlineRows(in: dragged, rows: (dragged.height * 100 / 844)..<dragged.height)
            #expect(header.isEmpty, "a tinted box's edge over the header, at rows \(header)")
            #expect(rows.count >= 2, "\(rows.count) edges of a tinted box round the dragged row")

            try window.key("d")
            #expect(try eventually(within: 10) { app.errorOutput.contains("damage hidden") }, "\(app.errorOutput)")
            try window.drag(fromCanvas: (x: 100, y: 150), to: (x: 140, y: 150))
            try window.screenshot(to: shot)
            let hidden = try RGBImage(contentsOf: shot)
            #expect(Self.outlineRows(in: hidden, rows: 0..<hidden.height).isEmpty)
        }
    }

    /// The rows of `rows` that a tinted box's top or bottom edge crosses: pink across at
    /// least most of the width, as the box round a row spans the canvas and nothing the
    /// scene draws is pink from side to side.
    private static func outlineRows(in image: RGBImage, rows: Range<Int>) -> [Int] {
        rows.filter { y in
            var pink = 0
            for x in 0..<image.width {
                let i = (y * image.width + x) * 3
                let (r, g, b) = (image.pixels[i], image.pixels[i + 1], image.pixels[i + 2])
                if r > 200 && g < 120 && b > 110 && b < 220 { pink += 1 }
            }
            return pink * 10 >= image.width * 8
        }
    }
}
