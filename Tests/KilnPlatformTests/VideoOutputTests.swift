import KilnPlatform
import Testing

/// What a video output's name and progress line say, without rendering anything.
@Suite("Video output names and progress")
struct VideoOutputTests {
    @Test("Output formats come from the extension, case aside")
    func formats() {
        #expect(VideoFormat(path: "a/demo.MP4") == .mp4)
        #expect(VideoFormat(path: "demo.webm") == .webm)
        #expect(VideoFormat(path: "x.y/demo.gif") == .gif)
        #expect(VideoFormat(path: "frame.png") == nil)
        #expect(VideoFormat(path: "frames.mp4/") == nil)
        #expect(VideoFormat(path: "videos.d/clip") == nil)
    }

    @Test("The progress line shows the bar, the frame count and the time left")
    func progressLine() {
        let line = RenderProgress.line(label: "demo.mp4", done: 150, total: 600, elapsed: 2, width: 8)

        #expect(line == "demo.mp4 [██░░░░░░]  25%  150/600 frames  6 s left")
        #expect(RenderProgress.formatDuration(65) == "1 min 05 s")
    }
}
