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

    @Test("The window draws only what changed, and its frame is pixel for pixel the frame it draws whole")
    func windowDrawsWhatChanged() throws {
        // The same drags in Mailbox, with and without damage tracking: a row dragged short of
        // its first zone springs back, a row dragged past it is archived and the list closes up.
        func drawn(damage: String) throws -> (RGBImage, String) {
            var result: (RGBImage, String)?
            try withApp(arguments: ["mailbox", "--mute"], environment: ["KILN_DAMAGE": damage]) { app, window, files in
                Thread.sleep(forTimeInterval: 1)
                try window.drag(fromCanvas: (x: 100, y: 150), to: (x: 140, y: 150))
                Thread.sleep(forTimeInterval: 1.5)
                try window.drag(fromCanvas: (x: 100, y: 242), to: (x: 230, y: 242))
                Thread.sleep(forTimeInterval: 3)
                let shot = files.appendingPathComponent("rest.png").path
                try window.screenshot(to: shot)
                result = (try RGBImage(contentsOf: shot), app.errorOutput)
            }
            return try #require(result)
        }

        let (tracked, log) = try drawn(damage: "1")
        let (whole, _) = try drawn(damage: "0")

        #expect(tracked.width == whole.width && tracked.height == whole.height)
        let differing = zip(tracked.pixels, whole.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) channel values differ; \(log)")
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
