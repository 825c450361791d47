// The files `kiln bench assets` reads, made at run time in a scratch folder so that the
// numbers do not depend on what a checkout ships: PNG and JPEG photos-to-be of a few sizes
// (a smooth gradient with detail across it, as a photo has, so that neither format
// compresses it to nothing), a Figma-like SVG card, and a Lottie of shapes that turn and
// change size. The shipped Lottie samples are timed too when Kiln's resources are found.
import CGdkPixbuf
import Foundation
import KilnCore

/// Writes the benchmark's files into `folder`.
struct AssetBenchFiles {
    let folder: URL

    /// A PNG of `side` × `side` pixels.
    func png(side: Int) throws -> URL {
        let url = folder.appendingPathComponent("photo-\(side).png")
        let canvas = CairoCanvas(width: side, height: side)
        canvas.withPixels { data, stride in
            Self.fill(side: side) { x, y, r, g, b in
                let i = y * stride + x * 4
                (data[i], data[i + 1], data[i + 2], data[i + 3]) = (b, g, r, 255)
            }
        }
        switch canvas.pngData() {
        case .success(let data): try data.write(to: url)
        case .failure(let failure): throw PlatformError.io("cannot write \(url.path): \(failure.reason)")
        }
        return url
    }

    /// A JPEG of `side` × `side` pixels at quality 90.
    func jpeg(side: Int) throws -> URL {
        let url = folder.appendingPathComponent("photo-\(side).jpg")
        var rgb = [UInt8](repeating: 0, count: side * side * 3)
        Self.fill(side: side) { x, y, r, g, b in
            let i = (y * side + x) * 3
            (rgb[i], rgb[i + 1], rgb[i + 2]) = (r, g, b)
        }
        let saved = rgb.withUnsafeBufferPointer {
            kiln_image_save_jpeg($0.baseAddress, Int32(side), Int32(side), Int32(side * 3), 90, url.path)
        }
        guard saved != 0 else { throw PlatformError.io("cannot write \(url.path)") }
        return url
    }

    /// A gradient with ripples and a grain, one pixel at a time.
    private static func fill(side: Int, _ set: (Int, Int, UInt8, UInt8, UInt8) -> Void) {
        var grain: UInt32 = 0x9E37_79B9
        let scale = 255 / Double(max(1, side - 1))
        for y in 0..<side {
            for x in 0..<side {
                grain = grain &* 1_664_525 &+ 1_013_904_223
                let noise = Double(grain >> 28) - 8
                let ripple = 24 * sin(Double(x + 2 * y) * 40 / Double(side))
                func channel(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v + noise + ripple))) }
                set(x, y, channel(Double(x) * scale), channel(Double(y) * scale), channel(255 - Double(x + y) * scale / 2))
            }
        }
    }

    /// An SVG card of `side` points square: a gradient, rounded rectangles, circles and
    /// curved paths, with ids as a Figma export has them.
    func svg(side: Int) throws -> URL {
        let url = folder.appendingPathComponent("card-\(side).svg")
        var shapes = ""
        for i in 0..<24 {
            let x = 6 + (i % 6) * 15, y = 36 + (i / 6) * 15
            shapes += """
                <g id="item\(i)"><rect x="\(x)" y="\(y)" width="12" height="12" rx="3" fill="#\(i % 2 == 0 ? "FF9500" : "5856D6")"/>\
                <path d="M\(x + 2) \(y + 9)c2-4 6-6 8-2" stroke="#FFFFFF" stroke-width="1.2" fill="none"/></g>

                """
        }
        let text = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(side)" height="\(side)" viewBox="0 0 100 100">
            <defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">\
            <stop offset="0" stop-color="#34C759"/><stop offset="1" stop-color="#0A84FF"/></linearGradient></defs>
            <rect id="Card" width="100" height="100" rx="12" fill="#FFFFFF"/>
            <rect id="Banner" width="100" height="30" fill="url(#sky)"/>
            <circle id="Avatar" cx="20" cy="22" r="12" fill="#FF2D55" stroke="#FFFFFF" stroke-width="2"/>
            \(shapes)</svg>
            """
        try Data(text.utf8).write(to: url)
        return url
    }

    /// A Lottie of 60 frames at 60 fps, 200 points square: three shape groups that turn,
    /// grow and fade on eased keyframes.
    func lottie() throws -> URL {
        let url = folder.appendingPathComponent("shapes.json")
        func value(_ v: String) -> String { #"{"a":0,"k":\#(v)}"# }
        func keyed(_ from: String, _ to: String) -> String {
            #"{"a":1,"k":[{"t":0,"s":\#(from),"o":{"x":[0.4],"y":[0]},"i":{"x":[0.6],"y":[1]}},{"t":59,"s":\#(to)}]}"#
        }
        let groups: [String] = (0..<3).map { i in
            let colour = ["[1,0.18,0.33,1]", "[0.35,0.34,0.84,1]", "[1,0.58,0,1]"][i]
            let size: String = keyed("[30,30]", "[90,90]")
            let shape: String = i == 1
                ? #"{"ty":"rc","p":"# + value("[0,0]") + #","s":"# + value("[70,70]") + #","r":"# + value("14") + "}"
                : #"{"ty":"el","p":"# + value("[0,0]") + #","s":"# + size + "}"
            let fill: String = #"{"ty":"fl","c":"# + value(colour) + #","o":"# + keyed("[100]", "[40]") + "}"
            let stroke: String = #"{"ty":"st","c":"# + value("[1,1,1,1]") + #","o":"# + value("100") + #","w":"# + value("4") + "}"
            let place: String = value("[" + String(50 + i * 50) + ",100]")
            let turn: String = keyed("[0]", "[" + String(120 * (i + 1)) + "]")
            let transform: String = #"{"ty":"tr","p":"# + place + #","a":"# + value("[0,0]") + #","s":"# + value("[100,100]")
                + #","r":"# + turn + #","o":"# + value("100") + "}"
            return #"{"ty":"gr","it":["# + [shape, fill, stroke, transform].joined(separator: ",") + "]}"
        }
        let still: String = #"{"o":"# + value("100") + #","r":"# + value("0") + #","p":"# + value("[0,0,0]")
            + #","a":"# + value("[0,0,0]") + #","s":"# + value("[100,100,100]") + "}"
        let layer: String = #"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":"# + still + #","shapes":["#
            + groups.joined(separator: ",") + "]}"
        let text = #"{"v":"5.7.0","fr":60,"ip":0,"op":60,"w":200,"h":200,"layers":[\#(layer)]}"#
        try Data(text.utf8).write(to: url)
        return url
    }
}
