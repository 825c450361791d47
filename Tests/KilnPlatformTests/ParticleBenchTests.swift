import Foundation
import KilnCore
import KilnPlatform
import Testing

@Suite("Particle benchmark")
struct ParticleBenchTests {
    @Test("Percentiles are nearest-rank and the mean is the plain mean")
    func statistics() {
        let result = ParticleBenchResult(count: 1, alive: 1, frameTimes: (1...200).reversed().map(Double.init),
                                         renderer: "x")

        #expect(result.p50 == 100)
        #expect(result.p99 == 198)
        #expect(result.mean == 100.5)
        #expect(result.percentile(100) == 200 && result.percentile(0) == 1)
    }

    @Test("The JSON line has the issue's fields in the issue's order")
    func jsonLine() throws {
        let result = ParticleBenchResult(count: 20000, alive: 19876, frameTimes: [1, 2, 3, 4],
                                         renderer: "opengl, llvmpipe \"x\"")

        let line = result.jsonLine

        #expect(line.hasPrefix(#"{"bench":"particles","count":20000,"alive":19876,"frames":4,"mean_ms":2.500,"p50_ms":2.000,"p99_ms":4.000,"renderer":"#))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["renderer"] as? String == "opengl, llvmpipe \"x\"")
    }

    @Test("A headless run draws the workload in software and keeps about count particles alive")
    func headlessRun() throws {
        let bench = ParticleBench(count: 600, size: Size(320, 200), frames: 5)

        let result = try bench.run()

        #expect(result.frameTimes.count == 5 && result.frameTimes.allSatisfy { $0 > 0 })
        #expect(result.renderer == "software")
        #expect(abs(result.alive - 600) < 60)
    }
}
