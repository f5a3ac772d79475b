extension Report {
    /// Adds findings made after the report (the media rules') under the same cap as its first
    /// ones: past `findingsPerCode` of a code, counted in `omittedFindings`; `omitted` are counts
    /// of findings the caller did not make because they were past the cap already.
    ///
    /// ```swift
    /// report.append(contentsOf: judged.findings, omitted: judged.omitted)
    /// ```
    public mutating func append(contentsOf more: [Finding], omitted: [FindingCode: Int] = [:]) {
        var kept: [FindingCode: Int] = [:]
        for finding in findings { kept[finding.code, default: 0] += 1 }
        for finding in more {
            let count = kept[finding.code, default: 0]
            if count < Self.findingsPerCode {
                findings.append(finding)
                kept[finding.code] = count + 1
            } else {
                omittedFindings[finding.code, default: 0] += 1
            }
        }
        omittedFindings.merge(omitted, uniquingKeysWith: +)
    }

    /// Adds one finding under the same cap: its code's findings are counted in place, with no
    /// table and no array made for it (a payload-only check adds one, `media.not-fetched`).
    /// The finding is taken (`consuming`): moved into the array, not copied.
    public mutating func append(_ finding: consuming Finding) {
        var count = 0
        // By index: a finding is large (its texts' pieces inline), and only its code is read.
        for index in findings.indices where findings[index].code == finding.code { count += 1 }
        if count < Self.findingsPerCode {
            findings.append(consume finding)
        } else {
            omittedFindings[finding.code, default: 0] += 1
        }
    }
}
