import Foundation
import Testing
@testable import SpecRepo

/// The reading-ahead width is Foundation's `activeProcessorCount`, counted without Foundation.
struct ProcessorCountTests {
    @Test func givesWhatFoundationGives() {
        #expect(ProcessorCount.active() == ProcessInfo.processInfo.activeProcessorCount)
    }

    @Test func roundsAQuotaUp() {
        let cases: [(String?, String?, Int?)] = [
            ("50000", "100000", 1), ("100000", "100000", 1), ("150000", "100000", 2),
            ("200000", "100000", 2), ("-1", "100000", nil), ("100000", "-1", nil),
            ("", "100000", nil), ("100000", "", nil), ("100000", "0", nil), (nil, "100000", nil),
            ("max 100000", "100000", nil),
        ]
        for (quota, period, count) in cases {
            #expect(ProcessorCount.quotaCount(quota: quota.map { Substring($0) }, period: period.map { Substring($0) }) == count,
                    "\(quota ?? "nil") / \(period ?? "nil")")
        }
    }

    @Test func countsACpusetsFirstRangeAsFoundationDoes() {
        let cases: [(String?, Int?)] = [("0", 1), ("0,3", 1), ("0-3", 4), ("0-3,7", 4), ("2-4,6", 3), ("", nil),
                                        ("3-1", nil), ("x", nil), (nil, nil)]
        for (cpuset, count) in cases {
            #expect(ProcessorCount.cpusetCount(cpuset.map { Substring($0) }) == count, "\(cpuset ?? "nil")")
        }
    }

    @Test func readsTheFirstLineOfAFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("processor-count-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("cpu.cfs_quota_us").path
        try "150000\nrest\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(ProcessorCount.firstLine(of: file) == "150000")
        try "\n\n7\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(ProcessorCount.firstLine(of: file) == "7", "Foundation skips empty lines")
        try "".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(ProcessorCount.firstLine(of: file) == "")
        #expect(ProcessorCount.firstLine(of: directory.appendingPathComponent("missing").path) == nil)
    }
}
