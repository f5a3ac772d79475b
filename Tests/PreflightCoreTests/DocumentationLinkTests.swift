import Foundation
import Testing

/// The README and `docs/` are a map: every relative link in them must lead to a file that
/// exists, and every `#anchor` to a heading of that file, named as GitHub names it.
@Suite struct DocumentationLinkTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `README.md` and every Markdown file in `docs/`.
    static func documents() throws -> [URL] {
        let docs = root.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
        return [root.appendingPathComponent("README.md")] + names.sorted().map { docs.appendingPathComponent($0) }
    }

    @Test func everyRelativeLinkInTheDocsResolves() throws {
        let documents = try Self.documents()
        #expect(documents.count > 1, "no Markdown files in docs/")
        for document in documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            let broken = MarkdownLinks.broken(in: text, at: document.deletingLastPathComponent())
            #expect(broken.isEmpty, "\(document.lastPathComponent): broken links \(broken)")
        }
    }

    /// The checker itself: a missing file and a missing heading are caught, the rest passes.
    @Test func aBrokenLinkIsReported() {
        let text = """
            [here](#two-words) [api](api.md#egress-policy) [gone](no-such-page.md) \
            [nowhere](api.md#no-such-heading) [web](https://example.com/x.md) `[code](ignored.md)`
            ![picture](playground.png)

            ```
            [fenced](also-ignored.md)
            ```

            ## Two words
            """
        let broken = MarkdownLinks.broken(in: text, at: Self.root.appendingPathComponent("docs"))
        #expect(broken == ["no-such-page.md", "api.md#no-such-heading"])
    }

    @Test(arguments: [
        ("Quick start", "quick-start"),
        ("POST /v1/preflight", "post-v1preflight"),
        ("The `aps` keys", "the-aps-keys"),
        ("Building and `make test`", "building-and-make-test"),
        ("Push kinds and text checks", "push-kinds-and-text-checks"),
        ("A [linked](x.md) heading: *yes*", "a-linked-heading-yes"),
    ])
    func headingsAreSluggedAsGitHubDoes(heading: String, slug: String) {
        #expect(MarkdownLinks.slug(heading) == slug)
    }

    @Test func aRepeatedHeadingGetsANumberedAnchor() {
        #expect(MarkdownLinks.anchors(in: "# Notes\n## Notes\n### Notes\n") == ["notes", "notes-1", "notes-2"])
    }
}

/// The links and headings of a Markdown text, read as GitHub renders them: nothing inside a
/// fenced block or a code span counts.
enum MarkdownLinks {
    /// The relative link targets in `text` (a document in `directory`) that lead nowhere.
    static func broken(in text: String, at directory: URL) -> [String] {
        let own = anchors(in: text)
        return targets(in: text).filter { target in
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let path = String(parts[0])
            let fragment = parts.count > 1 ? String(parts[1]) : nil
            if path.isEmpty { return fragment.map { !own.contains($0) } ?? true }
            let file = directory.appendingPathComponent(path).standardizedFileURL
            guard FileManager.default.fileExists(atPath: file.path) else { return true }
            guard let fragment else { return false }
            guard let linked = try? String(contentsOf: file, encoding: .utf8) else { return true }
            return !anchors(in: linked).contains(fragment)
        }
    }

    /// Every `[text](target)` and `![alt](target)` target outside code, except absolute URLs.
    static func targets(in text: String) -> [String] {
        prose(text).flatMap { line -> [String] in
            let unquoted = line.replacingOccurrences(of: "`[^`]*`", with: "", options: .regularExpression)
            return matches(of: #"\]\(([^)\s]+)\)"#, in: unquoted)
        }.filter { $0.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) == nil }
    }

    /// The anchors of the headings in `text`, in order; a repeated one gets `-1`, `-2`... as on GitHub.
    static func anchors(in text: String) -> [String] {
        var seen: [String: Int] = [:]
        return prose(text).compactMap { line -> String? in
            guard let heading = matches(of: "^#{1,6} +(.*)$", in: line).first else { return nil }
            let base = slug(heading.trimmingCharacters(in: .whitespaces))
            let count = seen[base, default: 0]
            seen[base] = count + 1
            return count == 0 ? base : "\(base)-\(count)"
        }
    }

    /// GitHub's heading anchor: the rendered text in lower case, without punctuation and
    /// symbols other than `-` and `_`, each space a `-`.
    static func slug(_ heading: String) -> String {
        let rendered = heading.replacingOccurrences(
            of: #"\[([^\]]*)\]\([^)]*\)"#, with: "$1", options: .regularExpression)
        var slug = ""
        for scalar in rendered.lowercased().unicodeScalars {
            if scalar == " " {
                slug.append("-")
            } else if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) {
                slug.unicodeScalars.append(scalar)
            }
        }
        return slug
    }

    /// The lines outside fenced code blocks.
    private static func prose(_ text: String) -> [String] {
        var fenced = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                fenced.toggle()
                return nil
            }
            return fenced ? nil : String(line)
        }
    }

    /// The first capture group of each match of `pattern` in `text`.
    private static func matches(of pattern: String, in text: String) -> [String] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
