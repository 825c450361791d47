import Kiln

/// The phone around the prototype: the time and battery at the top, the home indicator
/// at the bottom. Decoration only: nothing here takes a touch.
enum StatusBar {
    static func make(width: Double) -> Layer {
        let bar = Layer()
        bar.frame = Rect(0, 0, width, 47)
        bar.isHitTestable = false
        bar.addSublayer(SheetLayers.text("9:41", frame: Rect(28, 14, 80, 22), size: 17, weight: .semibold,
                                         alignment: .center))
        // Signal: four rising bars.
        for i in 0..<4 {
            let h = 4.0 + Double(i) * 2.4
            let b = Layer()
            b.frame = Rect(width - 98 + Double(i) * 4.6, 30 - h, 3, h)
            b.backgroundColor = Color(hex: 0x1C1C1E)
            b.cornerRadius = 1
            bar.addSublayer(b)
        }
        let battery = Layer()
        battery.frame = Rect(width - 54, 18, 25, 12)
        battery.borderWidth = 1
        battery.borderColor = Color(hex: 0x1C1C1E, alpha: 0.4)
        battery.cornerRadius = 3.5
        let level = Layer()
        level.frame = Rect(2, 2, 17, 8)
        level.backgroundColor = Color(hex: 0x1C1C1E)
        level.cornerRadius = 1.5
        battery.addSublayer(level)
        bar.addSublayer(battery)
        let cap = Layer()
        cap.frame = Rect(width - 28, 22, 1.5, 4)
        cap.backgroundColor = Color(hex: 0x1C1C1E, alpha: 0.4)
        cap.cornerRadius = 0.75
        bar.addSublayer(cap)
        return bar
    }

    static func homeIndicator(size: Size) -> Layer {
        let indicator = Layer()
        indicator.frame = Rect(size.width / 2 - 67, size.height - 13, 134, 5)
        indicator.backgroundColor = Color(hex: 0x1C1C1E)
        indicator.cornerRadius = 2.5
        indicator.isHitTestable = false
        return indicator
    }
}
