extension Report {
    /// The report's `attachments`: per media its key, whether the user gets it, the file the
    /// extension writes and its type, the codes of its findings (the findings themselves are in
    /// the report's one `findings` list, at the media's key), and its download as `media` shows one.
    ///
    /// `media` is where the report's `media` lies in the text: an entry that shares its box (the
    /// first downloaded one, `show(_:)`) copies those bytes instead of writing them again.
    func writeAttachments(to writer: inout JSONWriter, media: Range<Int>?) {
        writer.array { list in
            // Read through their addresses: iterated, each entry was copied (its strings retained).
            attachments.withUnsafeBufferPointer { entries in
                guard let first = entries.baseAddress else { return }
                for index in entries.indices {
                    let entry = first + index
                    let shared = entry.pointee.mediaBox != nil && entry.pointee.mediaBox === mediaBox ? media : nil
                    list.object { Self.write(entry, shared: shared, to: &$0) }
                }
            }
        }
    }

    /// One entry's members; `shared` is where its media's JSON was written already, if it was.
    private static func write(
        _ entry: UnsafePointer<AttachmentOutcome>, shared: Range<Int>?, to object: inout JSONWriter
    ) {
        object.field("key", entry.pointee.key)
        object.field("attached", entry.pointee.attached)
        object.field("file_name", entry.pointee.named?.fileName)
        object.field("uti", entry.pointee.plan?.uti ?? entry.pointee.named?.uti)
        object.field("kind", entry.pointee.plan?.kind.rawValue)
        object.field("type_hint", entry.pointee.named?.typeHint)
        object.key("finding_codes")
        object.array { codes in
            for code in entry.pointee.findingCodes { codes.value(code.rawValue) }
        }
        object.key("media")
        if let shared {
            object.value(again: shared)
        } else if let media = entry.pointee.mediaBox {
            write(media.value, to: &object)
        } else {
            object.value(nil as String?)
        }
    }

    /// The report's media: `attachments` as given, `media` and `attachment` the first downloaded
    /// one's, its summary shared with it (its box, not a copy).
    public mutating func show(_ entries: [AttachmentOutcome]) {
        let first = entries.firstIndex { $0.mediaBox != nil }
        mediaBox = first.flatMap { entries[$0].mediaBox }
        attachment = first.flatMap { entries[$0].attached ? entries[$0].plan : nil }
        attachments = entries
    }
}
