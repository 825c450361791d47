import Foundation

extension PrototypeCompiler.Library {
    /// What `kiln dev` says once its first compile of `name` ends: "compiled card in 4.2 s",
    /// or that the library built before for these very sources is used.
    func compiledLine(_ name: String) -> String { Self.compiledLine(name, seconds: compileSeconds) }

    /// The line for a compile of `name` that took `seconds` (0: none ran).
    static func compiledLine(_ name: String, seconds: Double) -> String {
        guard seconds > 0 else { return "\(name) is compiled already: its last build is used" }
        return String(format: "compiled %@ in %.1f s", name, seconds)
    }
}

extension LoadedPrototype {
    /// What `kiln dev` says once its first compile of `name` ends, as a library says it.
    func compiledLine(_ name: String) -> String { PrototypeCompiler.Library.compiledLine(name, seconds: compileSeconds) }
}

extension PrototypeCompiler {
    /// The compiler's output told in the prototype's own files: the build folder's copies
    /// become the files they copy, `#fileID`'s `Module/File.swift` the file too, the lines
    /// it quotes from them are numbered as the files' own, and a message on the generated
    /// entry file becomes one line on the folder, that it defines no usable `prototype`,
    /// without the entry file's text.
    static func userOutput(_ output: String, of place: PrototypeBuildFolder, folder: PrototypeFolder) -> String {
        let entry = place.entry.path + ":"
        var lines: [String] = []
        var isInEntryMessage = false
        for line in output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix(entry) {
                isInEntryMessage = true
                if let error = CompilerDiagnostic.parse(Substring(line)) {
                    lines.append("\(folder.url.path):1:1: error: the folder's Swift files must define "
                                 + "`let prototype = Prototype(…)` (\(error.message))")
                }
                continue
            }
            // The entry file's lines as the compiler quotes them: " 6 |  …", "   |  `- error: …".
            if isInEntryMessage && line.firstMatch(of: /^ *[0-9]* *\|/) != nil { continue }
            isInEntryMessage = false
            lines.append(userPaths(in: line, of: place, folder: folder))
        }
        return excerptsNumbered(lines, as: folder).joined(separator: "\n")
    }

    /// `lines` with the excerpts quoted under a message on one of the folder's files
    /// numbered as the file is. The compiler numbers the lines of the copy it read, one past
    /// the file's (`PrototypeBuild.compiledText` adds a line at its top), even where its
    /// message gives the file's own line; the added line itself is left out.
    static func excerptsNumbered(_ lines: [String], as folder: PrototypeFolder) -> [String] {
        let own = folder.url.path + "/"
        var isOwnExcerpt = false
        return lines.compactMap { line in
            if let message = line.firstMatch(of: #/^(.+):[0-9]+:[0-9]+: (?:error|warning|note|remark): /#) {
                isOwnExcerpt = message.output.1.hasPrefix(own)
                return line
            }
            // A quoted line: "12 | text", its number right-aligned with the excerpt's others.
            guard isOwnExcerpt, let quoted = line.firstMatch(of: /^( *)([0-9]+)( \|.*)$/),
                  let number = Int(quoted.output.2) else { return line }
            guard number > 1 else { return nil }
            let renumbered = String(number - 1)
            let width = quoted.output.1.count + quoted.output.2.count
            return String(repeating: " ", count: max(width - renumbered.count, 0)) + renumbered + quoted.output.3
        }
    }

    /// `line` with the copies' paths and `#fileID`s made the prototype's files. A copy's
    /// line is one past its file's (`PrototypeBuild.compiledText` adds a line at its top);
    /// the compiler names the copy only past a `#sourceLocation()` of the prototype's own.
    private static func userPaths(in line: String, of place: PrototypeBuildFolder, folder: PrototypeFolder) -> String {
        let copy = NSRegularExpression.escapedPattern(for: place.snapshot.path + "/.")
        let fileID = NSRegularExpression.escapedPattern(for: place.build.moduleName + "/")
        guard let copyRegex = try? Regex(copy + "([^/:'\"\\s]+)(:[0-9]+)?"),
              let fileIDRegex = try? Regex(fileID + "([^/:'\"\\s]+\\.swift)") else { return line }
        return line
            .replacing(copyRegex) { match in
                let name = match.output[1].substring.map(String.init) ?? ""
                let number = match.output[2].substring.flatMap { Int($0.dropFirst()) }
                return folder.url.path + "/" + name + (number.map { ":\(max($0 - 1, 1))" } ?? "")
            }
            // Any other mention of the entry file is of the folder's generated part.
            .replacingOccurrences(of: place.entry.path, with: folder.url.path)
            .replacing(fileIDRegex) { match in
                folder.url.path + "/" + (match.output[1].substring.map(String.init) ?? "")
            }
    }
}
