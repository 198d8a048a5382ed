import Foundation
import Testing

@testable import KAuthBasics

@Suite struct RedactionTests {
    @Test func masksSecretFormAndQueryValues() {
        #expect(
            Redaction.form("grant_type=refresh_token&refresh_token=RT&client_secret=S&client_id=id")
                == "grant_type=refresh_token&refresh_token=[redacted]&client_secret=[redacted]&client_id=id")
        #expect(Redaction.url("http://h/cb?code=C&state=s") == "http://h/cb?code=[redacted]&state=s")
    }

    @Test func masksSecretsInProviderMessages() {
        #expect(
            Redaction.text("authorization code not found for code=abc123")
                == "authorization code not found for code=[redacted]")
        #expect(Redaction.text("bad refresh_token=xyz, try again") == "bad refresh_token=[redacted], try again")
        #expect(Redaction.text("a=1 b=2") == "a=1 b=2")
    }

    @Test func masksCredentialsInHeaders() {
        #expect(Redaction.header(HTTPHeader("Authorization", "Bearer AT")) == "Authorization: Bearer [redacted]")
        #expect(Redaction.header(HTTPHeader("Accept", "application/json")) == "Accept: application/json")
    }

    @Test func masksSecretsAtAnyDepthOfJSON() {
        let body = Data(
            #"{"access_token":"AT","nested":{"refresh_token":"RT","keep":"ok"},"list":[{"id_token":"X"}]}"#.utf8)
        let text = Redaction.body(body, contentType: "application/json")
        #expect(!text.contains("AT\"") && !text.contains("RT") && !text.contains("\"X\""))
        #expect(text.contains("\"keep\":\"ok\""))
    }

    /// The content type is a claim: secrets are masked by field name whatever it says.
    @Test(arguments: ["text/plain", "application/json", nil, "application/octet-stream"])
    func aTokenResponseInAnotherFormatIsMaskedToo(contentType: String?) {
        let text = Redaction.body(
            Data("access_token=AT-SECRET&token_type=bearer&refresh_token=RT-SECRET\n".utf8), contentType: contentType)
        #expect(!text.contains("AT-SECRET") && !text.contains("RT-SECRET"))
        #expect(text.contains("token_type=bearer"))
    }

    @Test func aBodyWithSecretsInAShapeThatCannotBeMaskedIsNotShown() {
        let yaml = Redaction.body(Data("access_token: AT-SECRET\nexpires_in: 3600\n".utf8), contentType: "text/yaml")
        #expect(!yaml.contains("AT-SECRET"))
        let broken = Redaction.body(Data(#"{"access_token":"AT-SECRET","#.utf8), contentType: "application/json")
        #expect(!broken.contains("AT-SECRET"))
    }

    @Test func ordinaryTextStillShows() {
        #expect(
            Redaction.body(Data("<h1>Bad Gateway</h1> error_code 502".utf8), contentType: "text/html")
                == "<h1>Bad Gateway</h1> error_code 502")
    }

    /// STS: the token traded in the form, and the credentials in the XML answer, whatever its
    /// namespace prefix; an XML body that cannot be read but names a secret element is not shown.
    @Test func masksAWSSTSTokensAndCredentials() {
        let form = Redaction.body(
            Data("Action=AssumeRoleWithWebIdentity&RoleArn=arn&WebIdentityToken=eyJ.SECRET.sig".utf8),
            contentType: "application/x-www-form-urlencoded")
        #expect(form.contains("WebIdentityToken=[redacted]") && !form.contains("SECRET"))
        let answer = Data(
            """
            <R xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><C><AccessKeyId>ASIA1</AccessKeyId>\
            <SecretAccessKey>SECRET-KEY</SecretAccessKey><s:SessionToken xmlns:s="urn:x">SECRET-TOKEN</s:SessionToken>\
            </C></R>
            """.utf8)
        let text = Redaction.body(answer, contentType: "text/xml")
        #expect(!text.contains("SECRET-KEY") && !text.contains("SECRET-TOKEN"))
        #expect(
            text.contains("<AccessKeyId>ASIA1</AccessKeyId>")
                && text.contains("<SecretAccessKey>[redacted]</SecretAccessKey>"))
        let broken = Redaction.body(Data("<R><SecretAccessKey>SECRET-KEY</R>".utf8), contentType: "text/xml")
        #expect(!broken.contains("SECRET-KEY"))
        #expect(Redaction.text("x WebIdentityToken=abc") == "x WebIdentityToken=[redacted]")
    }
}
