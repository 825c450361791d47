import KilnCore
import KilnPlatform
import Testing

@Test("the benchmark workload settles near its count of live particles")
func benchmarkWorkloadSettles() {
    let workload = ParticleBenchmarkWorkload(count: 2000)

    let simulation = workload.makeSettledSimulation()

    #expect(abs(Double(simulation.aliveCount) - 2000) <= 200)
    #expect(simulation.aliveCount <= simulation.capacity)
    #expect(workload.configuration.emitterPosition == Point(640, 400))
    #expect(workload.cell.contents == Bitmap(width: 4, height: 4, fill: .red))
}
