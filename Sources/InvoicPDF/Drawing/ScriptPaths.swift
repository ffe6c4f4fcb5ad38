/// A cairo script (what cairo's script surface writes of a recording: `0.1 0.2 0.3 rgb
/// set-source n 18 0 m 102 0 l ... h fill+`) as PDF operators, for a logo drawn by librsvg.
///
/// Only solid colours, paths, fills and strokes are translated: that is what a logo's SVG is
/// made of. Anything else (a gradient, an image, transparency, a clip, text, dashes) gives nil,
/// and the logo is embedded as an image instead. Points are mapped through the script's
/// matrix into the logo's own space, so the operators need no `cm` of their own.
enum ScriptPaths {
    private enum Value {
        case number(Double)
        case name(String)
        case array([Double])
        case color(Double, Double, Double)
        case matrix([Double])
    }

    private struct State {
        var matrix: [Double] = [1, 0, 0, 1, 0, 0]
        var color: (Double, Double, Double) = (0, 0, 0)
        var lineWidth = 2.0
        var miterLimit = 10.0
        var cap = 0
        var join = 0
        var evenOdd = false
    }

    static func translate(_ script: [UInt8]) -> [UInt8]? {
        let text = String(decoding: script, as: UTF8.self)
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
        guard let start = tokens.firstIndex(of: "context") else { return nil }
        var stack: [Value] = []
        var state = State()
        var saved: [State] = []
        var path = PDFBytes(capacity: 1024)
        var out = PDFBytes(capacity: 4096)
        var painted = false
        var index = start + 1
        var arrayOpen: [Double]?

        func point(_ x: Double, _ y: Double) {
            let m = state.matrix
            path.number(m[0] * x + m[2] * y + m[4])
            path.byte(32)
            path.number(m[1] * x + m[3] * y + m[5])
            path.byte(32)
        }
        func numbers(_ count: Int) -> [Double]? {
            guard stack.count >= count else { return nil }
            var values: [Double] = []
            for value in stack.suffix(count) {
                guard case .number(let number) = value else { return nil }
                values.append(number)
            }
            stack.removeLast(count)
            return values
        }
        func colour(_ stroke: Bool) {
            out.numbers(state.color.0, state.color.1, state.color.2)
            out.raw(stroke ? "RG\n" : "rg\n")
        }

        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if token == "[" { arrayOpen = []; continue }
            if token == "]" {
                guard let array = arrayOpen else { return nil }
                stack.append(.array(array))
                arrayOpen = nil
                continue
            }
            if let number = Double(token) {
                if arrayOpen != nil { arrayOpen!.append(number) } else { stack.append(.number(number)) }
                continue
            }
            guard arrayOpen == nil else { return nil }
            if token.hasPrefix("//") { stack.append(.name(String(token.dropFirst(2)))); continue }
            switch token {
            case "rgb":
                guard let c = numbers(3) else { return nil }
                stack.append(.color(c[0], c[1], c[2]))
            case "rgba":
                guard let c = numbers(4), c[3] >= 1 else { return nil }
                stack.append(.color(c[0], c[1], c[2]))
            case "set-source":
                guard case .color(let r, let g, let b) = stack.popLast() else { return nil }
                state.color = (r, g, b)
            case "n":
                path = PDFBytes(capacity: 1024)
            case "m", "l":
                guard let p = numbers(2) else { return nil }
                point(p[0], p[1])
                path.byte(token == "m" ? UInt8(ascii: "m") : UInt8(ascii: "l"))
                path.byte(10)
            case "c":
                guard let p = numbers(6) else { return nil }
                point(p[0], p[1]); point(p[2], p[3]); point(p[4], p[5])
                path.raw("c\n")
            case "h":
                path.raw("h\n")
            case "fill", "fill+":
                colour(false)
                out.append(path.bytes)
                out.raw(state.evenOdd ? "f*\n" : "f\n")
                painted = true
                if token == "fill" { path = PDFBytes(capacity: 1024) }
            case "stroke", "stroke+":
                let m = state.matrix
                let scale = (abs(m[0] * m[3] - m[1] * m[2])).squareRoot()
                colour(true)
                out.number(state.lineWidth * scale); out.raw(" w ")
                out.number(state.miterLimit); out.raw(" M ")
                out.int(state.cap); out.raw(" J ")
                out.int(state.join); out.raw(" j\n")
                out.append(path.bytes)
                out.raw("S\n")
                painted = true
                if token == "stroke" { path = PDFBytes(capacity: 1024) }
            case "set-line-width":
                guard let v = numbers(1) else { return nil }
                state.lineWidth = v[0]
            case "set-miter-limit":
                guard let v = numbers(1) else { return nil }
                state.miterLimit = max(1, v[0])
            case "set-tolerance":
                guard numbers(1) != nil else { return nil }
            case "set-antialias":
                guard case .name = stack.popLast() else { return nil }
            case "set-line-cap", "set-line-join", "set-fill-rule":
                guard case .name(let name) = stack.popLast() else { return nil }
                switch (token, name) {
                case ("set-line-cap", "LINE_CAP_BUTT"), ("set-line-cap", "BUTT"): state.cap = 0
                case ("set-line-cap", "LINE_CAP_ROUND"), ("set-line-cap", "ROUND"): state.cap = 1
                case ("set-line-cap", "LINE_CAP_SQUARE"), ("set-line-cap", "SQUARE"): state.cap = 2
                case ("set-line-join", "LINE_JOIN_MITER"), ("set-line-join", "MITER"): state.join = 0
                case ("set-line-join", "LINE_JOIN_ROUND"), ("set-line-join", "ROUND"): state.join = 1
                case ("set-line-join", "LINE_JOIN_BEVEL"), ("set-line-join", "BEVEL"): state.join = 2
                case ("set-fill-rule", "WINDING"), ("set-fill-rule", "FILL_RULE_WINDING"): state.evenOdd = false
                case ("set-fill-rule", "EVEN_ODD"), ("set-fill-rule", "FILL_RULE_EVEN_ODD"): state.evenOdd = true
                default: return nil
                }
            case "matrix":
                guard case .array(let values) = stack.popLast(), values.count == 6 else { return nil }
                stack.append(.matrix(values))
            case "set-matrix":
                guard case .matrix(let values) = stack.popLast() else { return nil }
                state.matrix = values
            case "transform":
                guard case .matrix(let t) = stack.popLast() else { return nil }
                let m = state.matrix
                state.matrix = [t[0] * m[0] + t[1] * m[2], t[0] * m[1] + t[1] * m[3],
                                t[2] * m[0] + t[3] * m[2], t[2] * m[1] + t[3] * m[3],
                                t[4] * m[0] + t[5] * m[2] + m[4], t[4] * m[1] + t[5] * m[3] + m[5]]
            case "identity":
                state.matrix = [1, 0, 0, 1, 0, 0]
            case "save":
                saved.append(state)
            case "restore":
                guard let previous = saved.popLast() else { return nil }
                state = previous
            case "pop":
                _ = stack.popLast()
            default:
                return nil
            }
        }
        return painted ? out.bytes : nil
    }
}
