import Testing

@testable import KAuthBasics

@Suite struct EnvironmentTests {
    @Test func emptyValuesCountAsUnset() {
        let environment = Environment(["A": "", "B": "x"])
        #expect(environment["A"] == nil)
        #expect(environment["B"] == "x")
        #expect(environment["C"] == nil)
    }
}
