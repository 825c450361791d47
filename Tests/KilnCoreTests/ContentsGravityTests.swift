import KilnCore
import KilnTestSupport
import PropertyBased
import Testing

@Suite("Contents gravity")
struct ContentsGravityTests {
    static let sizes = zip(Gen.double(in: 0.5...2000), Gen.double(in: 0.5...2000))
    static let bounds = zip(Gen.double(in: -500...500), Gen.double(in: -500...500),
                            Gen.double(in: 0.5...2000), Gen.double(in: 0.5...2000))

    @Test("Aspect fit lies inside the bounds, aspect fill covers them; both keep the aspect and are centred")
    func aspect() async {
        await propertyCheck(input: Self.sizes, Self.bounds) { size, box in
            let content = Size(width: size.0, height: size.1)
            let bounds = Rect(x: box.0, y: box.1, width: box.2, height: box.3)

            let fit = ContentsGravity.resizeAspect.rect(for: content, in: bounds)
            let fill = ContentsGravity.resizeAspectFill.rect(for: content, in: bounds)

            for rect in [fit, fill] {
                #expect(isClose(rect.width * content.height, rect.height * content.width, relative: 1e-9), "aspect kept")
                #expect(isClose(rect.midX, bounds.midX) && isClose(rect.midY, bounds.midY), "centred")
            }
            #expect(fit.width <= bounds.width * (1 + 1e-9) && fit.height <= bounds.height * (1 + 1e-9))
            #expect(isClose(fit.width, bounds.width) || isClose(fit.height, bounds.height), "fit touches two sides")
            #expect(fill.width >= bounds.width * (1 - 1e-9) && fill.height >= bounds.height * (1 - 1e-9))
            #expect(isClose(fill.width, bounds.width) || isClose(fill.height, bounds.height), "fill touches two sides")
        }
    }

    @Test("Resize fills the bounds exactly")
    func resize() async {
        await propertyCheck(input: Self.sizes, Self.bounds) { size, box in
            let bounds = Rect(x: box.0, y: box.1, width: box.2, height: box.3)

            #expect(ContentsGravity.resize.rect(for: Size(width: size.0, height: size.1), in: bounds) == bounds)
        }
    }

    @Test("The fixed gravities keep the contents' size and put it at their edge, corner or centre")
    func fixed() async {
        // Where each gravity puts the contents, as a share of the room left across and down
        // (top is the top of the screen).
        let places: [ContentsGravity: (Double, Double)] = [
            .center: (0.5, 0.5), .top: (0.5, 0), .bottom: (0.5, 1), .left: (0, 0.5), .right: (1, 0.5),
            .topLeft: (0, 0), .topRight: (1, 0), .bottomLeft: (0, 1), .bottomRight: (1, 1),
        ]
        #expect(Set(places.keys).union([.resize, .resizeAspect, .resizeAspectFill]) == Set(ContentsGravity.allCases))
        await propertyCheck(input: Self.sizes, Self.bounds) { size, box in
            let content = Size(width: size.0, height: size.1)
            let bounds = Rect(x: box.0, y: box.1, width: box.2, height: box.3)

            for (gravity, share) in places {
                let rect = gravity.rect(for: content, in: bounds)

                #expect(rect.size == content, "\(gravity) keeps the size")
                #expect(isClose(rect.minX, bounds.minX + (bounds.width - content.width) * share.0), "\(gravity) across")
                #expect(isClose(rect.minY, bounds.minY + (bounds.height - content.height) * share.1), "\(gravity) down")
            }
        }
    }
}
