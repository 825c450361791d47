import KilnCore
import PropertyBased
import Testing

@Suite("Rubber band")
struct RubberBandTests {
    @Test("Past the edge the offset rises with the drag and stays below the dimension")
    func monotonicAndBounded() async {
        await propertyCheck(input: Gen.double(in: 10...2000), Gen.double(in: 0.05...1),
                            Gen.double(in: 0...5000), Gen.double(in: 0.001...500)) { dimension, coefficient, distance, more in
            let band = RubberBand(dimension: dimension, coefficient: coefficient)

            let near = band.offset(for: distance), far = band.offset(for: distance + more)

            #expect(near >= 0 && near < dimension)
            #expect(far >= near && far < dimension)
            #expect(near <= distance * coefficient + 1e-9, "never more than the finger's motion times the coefficient")
        }
    }

    @Test("Just past the edge the content follows the finger at the coefficient; nothing moves before it")
    func slopeAtTheEdge() {
        let band = RubberBand(dimension: 844)

        let slope = band.offset(for: 1e-3) / 1e-3

        #expect(abs(slope - RubberBand.defaultCoefficient) < 1e-3)
        #expect(band.offset(for: 0) == 0 && band.offset(for: -20) == 0)
        #expect(band.offset(for: 1e9) < 844)
    }

    @Test("A clamped value is continuous across the range's ends and unclamping undoes it")
    func clampContinuityAndInverse() async {
        let band = RubberBand(dimension: 844)
        let range = 104.0...790.0
        for edge in [range.lowerBound, range.upperBound] {
            #expect(abs(band.clamp(edge + 1e-6, to: range) - band.clamp(edge - 1e-6, to: range)) < 1e-5)
        }

        await propertyCheck(input: Gen.double(in: -400...1400)) { value in
            let shown = band.clamp(value, to: range)

            #expect(abs(band.unclamp(shown, from: range) - value) < 1e-6)
            #expect(range.contains(value) ? shown == value : !range.contains(shown) || shown == value)
        }
    }
}
