import CSDL2
@_spi(Fuzzing) import KilnCore
import KilnRuntime

/// Where the tweak panel sits, how it is drawn, and presses, drags and the wheel on it.
extension WindowHost {
    /// The output pixels the canvas is fitted into: the whole output, or what the open panel
    /// leaves beside it. A window too narrow for both shows the panel over the scene.
    func canvasArea(output: Size, pixelRatio: Double) -> Size {
        tweaks.pixelRatio = pixelRatio
        tweaks.height = output.height / pixelRatio
        let panelWidth = TweakPanelView.width * pixelRatio
        tweaks.originX = output.width - panelWidth
        let left = output.width - panelWidth
        let fitted = min(left / options.device.size.width, output.height / options.device.size.height)
        let whole = min(output.width / options.device.size.width, output.height / options.device.size.height)
        tweaks.overlaps = fitted < whole * 0.6
        guard tweaks.isOpen, !tweaks.overlaps else { return output }
        return Size(left, output.height)
    }

    /// Draws the open panel at the output's right edge.
    func drawTweaks() {
        guard tweaks.isOpen, let panel = tweaks.panel else { return }
        tweaks.view.update(panel, height: tweaks.height, title: scene.name, status: tweaks.status)
        let viewport = Viewport(scale: tweaks.pixelRatio, offset: Point(x: tweaks.originX.rounded(), y: 0))
        compositor.drawOverlay(RenderList(root: tweaks.view.layer), viewport: viewport,
                               canvas: Size(TweakPanelView.width, tweaks.height))
    }

    /// A pointer on the open panel, or dragging from a press on it: the panel's, and no one
    /// else's. `pointer` is in canvas points, as the window translates it.
    func tweakPointer(_ pointer: PointerEvent, viewport: Viewport) -> Bool {
        guard tweaks.isOpen, let panel = tweaks.panel, pointer.phase != .hover else { return false }
        let device = viewport.devicePoint(pointer.location)
        let point = Point(x: (device.x - tweaks.originX) / tweaks.pixelRatio, y: device.y / tweaks.pixelRatio)
        let onPanel = point.x >= 0
        switch pointer.phase {
        case .began:
            guard onPanel else { return false }
            tweaks.drag = tweaks.view.target(at: point)
            press(tweaks.drag, at: point, on: panel, first: true)
            return true
        case .moved:
            guard let drag = tweaks.drag else { return onPanel }
            press(drag, at: point, on: panel, first: false)
            return true
        case .ended, .cancelled:
            let wasOurs = tweaks.drag != nil || onPanel
            tweaks.drag = nil
            // The value a drag ended on applies at once.
            applyTweaksIfChanged(now: clock.now)
            return wasOurs
        case .hover:
            return false
        }
    }

    private func press(_ target: TweakPanelView.Target?, at point: Point, on panel: TweakPanel, first: Bool) {
        let fine = InputTranslator.heldModifiers().shift
        switch target {
        case .slider(let knob, let minX, let maxX):
            panel.focus(on: knob)
            panel.set(fraction: (point.x - minX) / (maxX - minX), of: panel.knobs[knob], fine: fine)
        case .toggle(let knob) where first:
            panel.focus(on: knob)
            panel.adjust(by: 1, fine: false)
        case .option(let knob, let index) where first:
            panel.focus(on: knob)
            panel.choose(index, of: panel.knobs[knob])
        case .swatch(let knob, let index) where first:
            panel.focus(on: knob)
            panel.pickSwatch(index, of: panel.fields[panel.knobs[knob].field].key)
        case .box(let knob) where first:
            panel.focus(on: knob)
            panel.beginTyping()
        case .reset(let key) where first:
            panel.reset(key)
        default:
            break
        }
    }

    /// The wheel over the open panel scrolls its fields.
    func tweakWheel(_ wheel: SDL_MouseWheelEvent) -> Bool {
        guard tweaks.isOpen, let mouse = mouseInWindow(),
              mouse.x * tweaks.pixelRatio >= tweaks.originX else { return false }
        tweaks.view.scroll(by: Double(-wheel.y) * 40, height: tweaks.height)
        return true
    }
}
