import Foundation
import Testing

@testable import KAuthBasics

/// The XML reader reads what STS sends and refuses, with the reason, what an attacker could send
/// instead: entities, document types, deep or huge documents, broken structure.
@Suite struct XMLReaderTests {
    let sts = "https://sts.amazonaws.com/doc/2011-06-15/"

    func read(_ text: String, _ reader: XMLReader = XMLReader()) throws(XMLReadError) -> XMLElement {
        try reader.read(Data(text.utf8))
    }

    func problem(_ text: String, _ reader: XMLReader = XMLReader()) -> XMLReadError.Problem? {
        do {
            _ = try reader.read(Data(text.utf8))
            return nil
        } catch {
            return error.problem
        }
    }

    @Test func readsAnSTSAnswerWithItsNamespace() throws {
        let root = try read(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <AssumeRoleWithWebIdentityResponse xmlns="\(sts)">
              <AssumeRoleWithWebIdentityResult>
                <Credentials>
                  <AccessKeyId>ASIAEXAMPLE</AccessKeyId>
                  <SecretAccessKey>s3cr3t/+=</SecretAccessKey>
                </Credentials>
              </AssumeRoleWithWebIdentityResult>
              <!-- a comment -->
              <ResponseMetadata><RequestId>r-1</RequestId></ResponseMetadata>
            </AssumeRoleWithWebIdentityResponse>
            """)
        #expect(root.name == "AssumeRoleWithWebIdentityResponse" && root.namespace == sts)
        let credentials = try #require(root.descendant("AssumeRoleWithWebIdentityResult", "Credentials"))
        #expect(credentials.namespace == sts)
        #expect(credentials.child("AccessKeyId")?.text == "ASIAEXAMPLE")
        #expect(credentials.child("SecretAccessKey")?.text == "s3cr3t/+=")
        #expect(root.descendant("ResponseMetadata", "RequestId")?.text == "r-1")
    }

    @Test func prefixesResolveToTheirNamespaceAndChildStaysInItsOwn() throws {
        let root = try read(
            #"<s:Response xmlns:s="urn:a" xmlns="urn:b"><s:Key>1</s:Key><Key>2</Key></s:Response>"#)
        #expect(root.name == "Response" && root.namespace == "urn:a")
        // `child` looks in the element's own namespace: the unprefixed Key is in urn:b.
        #expect(root.child("Key")?.text == "1")
        #expect(root.children.map(\.namespace) == ["urn:a", "urn:b"])
        // Redeclared inside, the default namespace changes for the inner elements only.
        let nested = try read(#"<a xmlns="urn:x"><b xmlns="urn:y"><c/></b><d/></a>"#)
        #expect(nested.children[0].children[0].namespace == "urn:y")
        #expect(nested.children[1].namespace == "urn:x")
    }

    @Test func anElementInAnotherNamespaceIsNotTheOneAskedFor() throws {
        let root = try read(#"<R xmlns="urn:good"><Secret xmlns="urn:evil">x</Secret></R>"#)
        #expect(root.child("Secret") == nil)
        let unqualified = try read(#"<R><Secret>x</Secret></R>"#)
        #expect(unqualified.namespace == nil && unqualified.child("Secret")?.text == "x")
    }

    @Test func aChildGivenTwiceIsNotGuessedAt() throws {
        let root = try read("<R><Key>1</Key><Key>2</Key></R>")
        #expect(root.child("Key") == nil)
    }

    @Test func predefinedEntitiesCharacterReferencesAndCDATA() throws {
        let root = try read("<t a=\"&quot;x&apos;\">&lt;&gt;&amp; &#65;&#x42;&#x1F600; <![CDATA[<raw & kept>]]></t>")
        #expect(root.text == "<>& AB😀 <raw & kept>")
        #expect(root.attributes["a"] == "\"x'")
    }

    @Test func refusesDocumentTypesAndTheirEntities() {
        // The billion laughs and an external entity: refused at the DOCTYPE, never expanded.
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
            <lolz>&lol2;</lolz>
            """
        #expect(problem(laughs) == .documentType)
        #expect(problem(#"<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>"#) == .documentType)
        // An entity no DOCTYPE declared is unknown, not left as text.
        #expect(problem("<r>&x;</r>") == .unknownEntity("x"))
        #expect(problem("<r a='&nbsp;'/>") == .unknownEntity("nbsp"))
    }

    @Test func refusesBadCharacterReferences() {
        #expect(problem("<r>&#0;</r>") == .badCharacterReference("#0"))
        #expect(problem("<r>&#xD800;</r>") == .badCharacterReference("#xD800"))
        #expect(problem("<r>&#x110000;</r>") == .badCharacterReference("#x110000"))
        #expect(problem("<r>&#;</r>") == .badCharacterReference("#"))
        #expect(problem("<r>&#x-1;</r>") == .badCharacterReference("#x-1"))
        #expect(problem("<r>& x</r>") != nil)
    }

    @Test func boundsDepthSizeAndElementCount() {
        let deep = String(repeating: "<a>", count: 10_000) + String(repeating: "</a>", count: 10_000)
        #expect(problem(deep) == .tooDeep(limit: 64))
        #expect(
            problem(String(repeating: "<a>", count: 5) + String(repeating: "</a>", count: 5), XMLReader(maxDepth: 4))
                == .tooDeep(limit: 4))
        #expect(
            (try? read(String(repeating: "<a>", count: 4) + String(repeating: "</a>", count: 4), XMLReader(maxDepth: 4)))
                != nil)
        let huge = "<r>" + String(repeating: "x", count: 2 << 20) + "</r>"
        #expect(problem(huge) == .tooLarge(limit: 1 << 20))
        let many = "<r>" + String(repeating: "<e/>", count: 20_000) + "</r>"
        #expect(problem(many) == .tooManyElements(limit: 10_000))
    }

    @Test func refusesBrokenStructure() {
        #expect(problem("") == .notOneRoot)
        #expect(problem("   ") == .notOneRoot)
        #expect(problem("text") == .notOneRoot)
        #expect(problem("<a/><b/>") == .notOneRoot)
        #expect(problem("<a></a>trailing") == .notOneRoot)
        #expect(problem("<a><b></a></b>") == .mismatchedEndTag(expected: "b", found: "a"))
        #expect(problem("<a>") == .unexpectedEnd)
        #expect(problem("<a") == .unexpectedEnd)
        #expect(problem("<a><!-- open") == .unexpectedEnd)
        // A comment whose opening `<!--` runs into `-->` does not close itself.
        #expect(problem("<a><!--></a>") != nil)
        #expect(problem("<a><!---></a>") != nil)
        #expect(problem("<a><![CDATA[ open</a>") == .unexpectedEnd)
        #expect(problem("<a x='1' x='2'/>") == .duplicateAttribute("x"))
        #expect(problem("<a x=1/>") != nil)
        #expect(problem("<a x='<'/>") != nil)
        #expect(problem("<a x='1'y='2'/>") != nil)
        #expect(problem("<p:a/>") == .unboundPrefix("p"))
        #expect(problem("<a p:x='1'/>") == .unboundPrefix("p"))
        #expect(problem("<a:b:c xmlns:a='u'/>") != nil)
        #expect(problem("<a><?php evil() ?></a>") == .processingInstruction)
        #expect(problem("<a><!-- a -- b --></a>") != nil)
        #expect(problem("<a>\u{1}</a>") != nil)
        #expect(problem("<1a/>") != nil)
        #expect(problem("</a>") == .notOneRoot)
    }

    @Test func refusesWhatIsNotUTF8() {
        #expect(throws: XMLReadError.self) {
            try XMLReader().read(Data([0x3C, 0x61, 0x3E, 0xFF, 0x3C, 0x2F, 0x61, 0x3E]))
        }
        #expect((try? XMLReader().read(Data([0xEF, 0xBB, 0xBF] + Array("<a/>".utf8))))?.name == "a")
    }

    @Test func errorsSayWhere() {
        do {
            _ = try read("<a>\n<b></c></a>")
            Issue.record("read a mismatched end tag")
        } catch {
            #expect(error.offset == 7, "the end tag </c> starts at byte 7")
        }
    }

    /// Random bytes and random cuts of a valid answer never crash the reader: each is an answer
    /// or an error.
    @Test func survivesMutatedInput() {
        let valid = Array(
            "<?xml version=\"1.0\"?><R xmlns=\"urn:x\"><A b='1'>t&amp;<![CDATA[c]]></A><!--c--><B/></R>".utf8)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[index] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.remove(at: index)
                default: bytes.insert(Array("<>&;/'\"![]-?:=".utf8).randomElement(using: &generator)!, at: index)
                }
                if bytes.isEmpty { break }
            }
            _ = try? XMLReader().read(Data(bytes))
        }
    }
}
