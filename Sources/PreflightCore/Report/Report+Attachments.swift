extension Report {
    /// The report's `attachments`: per media its key, whether the user gets it, the file the
    /// extension writes and its type, the codes of its findings (the findings themselves are in
    /// the report's one `findings` list, at the media's key), and its download as `media` shows one.
    static func write(_ attachments: [AttachmentOutcome], to writer: inout JSONWriter) {
        writer.array { list in
            for entry in attachments {
                list.object { object in
                    object.field("key", entry.key)
                    object.field("attached", entry.attached)
                    object.field("file_name", entry.named?.fileName)
                    object.field("uti", entry.plan?.uti ?? entry.named?.uti)
                    object.field("kind", entry.plan?.kind.rawValue)
                    object.field("type_hint", entry.named?.typeHint)
                    object.key("finding_codes")
                    object.array { codes in
                        for code in entry.findingCodes { codes.value(code.rawValue) }
                    }
                    object.key("media")
                    if let media = entry.media { write(media, to: &object) } else { object.value(nil as String?) }
                }
            }
        }
    }
}
