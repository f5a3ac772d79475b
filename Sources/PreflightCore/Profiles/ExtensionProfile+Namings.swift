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
            "`response`; when the name still has no extension and the `Content-Type` contains `image/`, `.` and the subtype (`image/webp` gives `.webp`), unless that holds a `/` (Firebase checks; Notifee does not, and such a type is no valid MIME type: judged as Firebase does); the value at `type_key`, when the profile has one, passed as the type hint (Notifee's `typeHint`)"
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
        case .fixedJPG:
            "the download's temporary file name and `.jpg`, whatever the URL, the `Content-Type` or the bytes say: a PNG, GIF or MP4 is written as `.jpg` too"
        case .declaredSuffixDefault:
            "a dot and the value at `type_key` as written; when it is absent (or not a string) the profile's `default_type` (`jpg`): `image` gives `.image`, which types nothing"
        case .typeHint:
            "no extension; the value at `type_key` is passed as the type hint: a UTI (`public.png`) types the file, a MIME type (`image/png`) is no UTI and types nothing"
        case .contentTypeElseURL:
            "the extension of the `Content-Type` when it is an attachment type, else the URL path's extension (query dropped); how the closed helper maps a type to an extension is not read"
        case .urlExtShortElseJPG:
            "the whole URL string's extension (query included) when the dot and it are 2 to 4 characters, else `.jpg`: `a.png` gives `.png`, `a.png?v=2`, `a.jpeg` and `a` give `.jpg`"
        }
    }

    /// The extension code this naming copies.
    public var seenIn: String {
        switch self {
        case .urlString: "seeds 000-002"
        case .urlPath: "seed 004 (`[url lastPathComponent]`)"
        case .response: "`URLResponse.suggestedFilename`"
        case .responseImageSubtype: "Firebase and Notifee (`fileExtensionForResponse:`)"
        case .mime: "OneSignal"
        case .sniffed: "Airship"
        case .declared: "CleverTap"
        case .declaredSuffix: "Braze"
        case .reencodeJPEG: "seed 003 (`UIImageJPEGRepresentation`)"
        case .fixedJPG: "Expo's example extension"
        case .declaredSuffixDefault: "Klaviyo"
        case .typeHint: "Batch"
        case .urlExtShortElseJPG: "WebEngage"
        case .contentTypeElseURL: "MoEngage (changelog 8.01.10)"
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
