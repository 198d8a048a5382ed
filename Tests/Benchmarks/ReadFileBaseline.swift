// The baseline `make bench` compares `kauth token` with: a static Swift program that reads the
// same keystore file, decodes it with Foundation's JSONDecoder and prints one field.
import Foundation

struct Keystore: Decodable {
    struct Session: Decodable { let access_token: String }
    let profiles: [String: Session]
}

let path = CommandLine.arguments[1]
let data = FileManager.default.contents(atPath: path) ?? Data()
let keystore = try JSONDecoder().decode(Keystore.self, from: data)
print(keystore.profiles["default"]?.access_token ?? "")
