import Testing
import TextFormat

@Suite struct TextTableTests {
    @Test func plainTextPadsEveryColumnButTheLastTwoSpacesApart() {
        let table = TextTable([["NAME", "URL", "HEAD"], ["specs", "https://git.example/specs.git", "-"], ["x", "y", "abc1234"]])
        #expect(table.plainText() == """
            NAME   URL                            HEAD
            specs  https://git.example/specs.git  -
            x      y                              abc1234

            """)
    }

    @Test func plainTextOfNoRowsIsEmptyAndShortRowsArePadded() {
        #expect(TextTable([]).plainText() == "")
        #expect(TextTable([["a", "b"], ["long"]]).plainText() == "a     b\nlong  \n")
    }

    @Test func rightAlignedColumnsArePaddedOnTheLeft() {
        let table = TextTable([["POD", "N"], ["Foo", "7"], ["Bar", "12"]], alignments: [.left, .right])
        #expect(table.plainText() == "POD   N\nFoo   7\nBar  12\n")
    }

    @Test func markdownHasARuleAndColumnsAtLeastThreeWide() {
        let table = TextTable([["A", "Count"], ["Foo", "7"], ["LongerName", "12"]], alignments: [.left, .right])
        #expect(table.markdown() == """
            | A          | Count |
            | ---------- | ----: |
            | Foo        |     7 |
            | LongerName |    12 |

            """)
        #expect(TextTable([]).markdown() == "")
    }
}
