import Foundation

/// How far apart two pictures are.
public struct RegionDifference: Sendable, CustomStringConvertible {
    /// The mean absolute difference per channel, 0…255.
    public var meanAbsolute: Double
    /// The fraction of pixels whose every channel is within the tolerance.
    public var fractionWithinTolerance: Double
    /// The largest difference of any channel.
    public var largest: Int

    /// A difference with the given figures.
    public init(meanAbsolute: Double, fractionWithinTolerance: Double, largest: Int) {
        self.meanAbsolute = meanAbsolute
        self.fractionWithinTolerance = fractionWithinTolerance
        self.largest = largest
    }

    /// A one-line summary.
    public var description: String {
        String(format: "mean %.3f per channel, %.3f %% of pixels within tolerance, largest %d",
               meanAbsolute, fractionWithinTolerance * 100, largest)
    }
}
