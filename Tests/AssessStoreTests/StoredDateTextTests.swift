import Foundation
import GRDB
import Testing

@testable import AssessStore

@Suite struct StoredDateTextTests {
    @Test func aDateIsWrittenAsGRDBWritesIt() {
        var generator = SystemRandomNumberGenerator()
        var dates = [
            Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 0.0009), Date(timeIntervalSince1970: 0.9999),
            Date(timeIntervalSince1970: 951_782_400.5), Date(timeIntervalSince1970: 4_102_444_799.999),
            Date(timeIntervalSince1970: 1_798_761_599.9995), Date(timeIntervalSinceReferenceDate: 0),
        ]
        for _ in 0..<2_000 {
            dates.append(Date(timeIntervalSince1970: Double.random(in: 0..<4_102_444_800, using: &generator)))
        }
        for date in dates {
            #expect(
                StoredDateText.text(date) == String.fromDatabaseValue(date.databaseValue),
                "\(date.timeIntervalSince1970)")
        }
    }
}
