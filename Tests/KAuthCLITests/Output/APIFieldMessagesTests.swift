import KAuthCore
import Testing

@testable import KAuthCLI

/// `kauth api` words each reason a field's key cannot go into a JSON body.
struct APIFieldMessagesTests {
    @Test func eachReasonReadsAsTheEndOfTheSentence() {
        let words: [(APIFields.Reason, String)] = [
            (.unpairedBrackets, "brackets must pair up, as in a[b][c] or a[]"),
            (.appendNotLast, "[] may only end a key (for arrays of objects, send the body with --input)"),
            (.memberInsideValue, "it puts a member inside a value another field already set"),
            (.givenTwice, "the key is given twice"),
            (.notAnArray, "it is not an array in another field")
        ]
        for (reason, sentence) in words {
            #expect(reason.localized.english == sentence)
        }
    }
}
