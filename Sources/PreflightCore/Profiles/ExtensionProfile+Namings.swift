// MARK: - The namings as the namings table of the docs

extension ExtensionProfile.Naming {
    /// What the file is called under this naming, as the docs' namings table says it.
    public var definition: String {
        switch self {
        case .urlString:
            "text after the last `.` of the last `/`-segment of the whole URL string, query and fragment included: `sale.jpg?w=600` gives `jpg?w=600`, which types nothing"
        case .urlPath: "the last path component, percent-decoded, query dropped"
        case .response:
            "the `Content-Disposition` file name, else the last path component; the `Content-Type`'s extension added when the name has none (`URLResponse.suggestedFilename`)"
        case .responseImageSubtype:
            "`response`; when the name still has no extension and the `Content-Type` contains `image/`, `.` and the subtype (`image/webp` gives `.webp`), unless that holds a `/`"
        case .mime:
            "the extension of a `filename` query parameter, else of the `Content-Type` by OneSignal's own map (`audio/wav`, `audio/mp4`, `video/quicktime` map to nothing), else the URL's, else of any query parameter; each only if OneSignal's own list has it (`m4v` yes; `aif`, `aifc`, `jpe`, `wave`, `m2v`, `mpe` no), compared as written; with none the media is skipped"
        case .sniffed:
            "the last path component; when no supported extension ends the lowercased name (a suffix: `photojpg` counts, and gets no hint), a type hint from the `Content-Type`, else from the first bytes by Airship's own table (no Exif JPEG `FF D8 FF E1`, no MP3 without ID3)"
        case .declared:
            "the extension the payload declares at `type_key`: `image` is `.jpg`, `video` `.mp4`, `audio` `.mp3`; anything else takes the `Content-Type`'s: `image/jpeg` `.jpeg`, `image/png` `.png`, `image/gif` `.gif`, else none"
        case .declaredSuffix:
            "a dot and the value at `type_key` as written (`png` gives `.png`, `image` gives `.image`, which types nothing)"
        case .reencodeJPEG:
            "the image is decoded and written as `.jpg`: any image iOS decodes works (WebP, HEIC, BMP, TIFF too), audio and video never"
        }
    }

    /// The extension code this naming copies.
    public var seenIn: String {
        switch self {
        case .urlString: "seeds 000-002"
        case .urlPath: "seed 004 (`[url lastPathComponent]`)"
        case .response: "`URLResponse.suggestedFilename`"
        case .responseImageSubtype: "Firebase (`fileExtensionForResponse:`)"
        case .mime: "OneSignal"
        case .sniffed: "Airship"
        case .declared: "CleverTap"
        case .declaredSuffix: "Braze"
        case .reencodeJPEG: "seed 003 (`UIImageJPEGRepresentation`)"
        }
    }

    /// Every naming as a Markdown table (naming, the file's name, where it is seen), ending with
    /// a line end: what `make generate` writes into docs/profiles.md.
    public static func markdownTable() -> String {
        var lines = ["| naming | the file's name | from |", "|---|---|---|"]
        for naming in allCases {
            lines.append("| `\(naming.rawValue)` | \(naming.definition) | \(naming.seenIn) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
