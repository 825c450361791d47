// A tuning file's text as the writer edits it: its scalars as they are, where the parser
// found each value and header, and edits that replace or insert text at those places while
// every other scalar, line ending included, stays as it was.

/// A tuning file's text with the places of its values, for edits in place.
struct TuningDocument {
    /// The text as it is, CRs included.
    let scalars: [Unicode.Scalar]
    /// For each scalar of the text the parser read (CRLF read as LF), its place in `scalars`,
    /// and one past the end.
    private let places: [Int]
    /// The line ending new lines take: the file's own.
    let lineEnding: String
    /// What the parser found.
    let layout: TuningLayout

    init(_ text: String, file: String) throws(TuningError) {
        let scalars = Array(text.unicodeScalars)
        self.scalars = scalars
        var places: [Int] = []
        places.reserveCapacity(scalars.count + 1)
        for (at, scalar) in scalars.enumerated() where !(scalar == "\r" && at + 1 < scalars.count && scalars[at + 1] == "\n") {
            places.append(at)
        }
        places.append(scalars.count)
        self.places = places
        let firstBreak = scalars.firstIndex(of: "\n")
        lineEnding = firstBreak.map { $0 > 0 && scalars[$0 - 1] == "\r" } == true ? "\r\n" : "\n"
        layout = try TuningParser.layout(text, file: file)
    }

    /// The text of the value at `span` (offsets the parser gave), as written.
    func text(of span: Range<Int>) -> String {
        String(String.UnicodeScalarView(scalars[written(span)]))
    }

    /// Where the scalars the parser read at `span` are in `scalars`. Each end sits right
    /// after the scalar read before it, so that a CR stays with the line feed after it: a
    /// span that ends before a line break ends before its CR, and text put in at the start
    /// of a line goes before the CR of a blank line.
    private func written(_ span: Range<Int>) -> Range<Int> {
        let start = span.lowerBound == 0 ? 0 : places[span.lowerBound - 1] + 1
        return span.isEmpty ? start..<start : start..<(places[span.upperBound - 1] + 1)
    }

    /// The scalar the parser read at `offset`: the text with CRLF as LF.
    private func read(_ offset: Int) -> Unicode.Scalar { scalars[places[offset]] }

    /// How many scalars the parser read.
    var readCount: Int { places.count - 1 }

    /// Where the line holding `offset` ends: past its line feed, or the end of the text.
    func lineEnd(after offset: Int) -> (offset: Int, hasNewline: Bool) {
        var at = offset
        while at < readCount, read(at) != "\n" { at += 1 }
        return at < readCount ? (at + 1, true) : (readCount, false)
    }

    /// The blanks that start the line holding `offset`.
    func indentation(at offset: Int) -> String {
        var start = offset
        while start > 0, read(start - 1) != "\n" { start -= 1 }
        var indent = ""
        while start < offset, read(start) == " " || read(start) == "\t" {
            indent.unicodeScalars.append(read(start))
            start += 1
        }
        return indent
    }

    /// Whether the text ends with a line break (an empty text counts as one).
    var endsWithNewline: Bool { readCount == 0 || read(readCount - 1) == "\n" }

    /// Whether the text is empty.
    var isEmpty: Bool { scalars.isEmpty }

    /// The text with `edits` made; each replaces the parser's span `range` (empty to insert)
    /// with `text`, whose line feeds become the file's line ending. Spans must not overlap.
    func applying(_ edits: [(range: Range<Int>, text: String)]) -> String {
        var out = scalars
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            let text = lineEnding == "\n" ? edit.text : edit.text.replacingLineFeeds(with: lineEnding)
            out.replaceSubrange(written(edit.range), with: text.unicodeScalars)
        }
        return String(String.UnicodeScalarView(out))
    }
}

extension String {
    fileprivate func replacingLineFeeds(with ending: String) -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: ending)
    }
}

/// Where the parser found a file's values and table headers, as offsets into the text it
/// read (CRLF read as LF).
struct TuningLayout {
    /// One `key = value` line.
    struct Line {
        /// The entry as the parser gives it.
        var entry: TuningEntry
        /// The header it was written under (`[]` above any).
        var table: [String]
        /// Its full key, part by part.
        var path: [String]
    }

    /// The entries, in the order written.
    var lines: [Line] = []
    /// Where each value was written, by its key: an inline table's members as
    /// `KEY.MEMBER`, an array's items as `KEY[INDEX]`.
    var spans: [String: Range<Int>] = [:]
    /// Where each `[table]` header's line ends (past its line feed), by the table's key.
    var headerEnds: [String: Int] = [:]
}
