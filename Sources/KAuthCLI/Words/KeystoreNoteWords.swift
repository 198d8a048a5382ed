import KAuthCore

/// Words of a keystore that can be read and not written (a read-only home): why, and the one note
/// a command that only reads prints when it could not keep what it read.
enum KeystoreNoteWords: Message {
    /// Why the keystore cannot be written.
    case refusal(WriteRefusal)
    /// What a reading command fetched (a profile, the agreed scopes) was not cached.
    case readNotCached(path: String, reason: WriteRefusal)
    /// AWS credentials were handed out without being kept.
    case awsNotKept(path: String, reason: WriteRefusal)

    var localized: Localized {
        switch self {
        case .refusal(.readOnlyFileSystem):
            Localized(en: "a read-only file system", ko: "읽기 전용 파일 시스템")
        case .refusal(.refused(let text)):
            .verbatim(text.visible)
        case .readNotCached(let path, let reason):
            Localized(
                en:
                    "note: the keystore cannot be written ('\(path)': \(Self.refusal(reason).localized.english)), so what was read was not cached; nothing else changes",
                ko:
                    "참고: 키 저장소에 쓸 수 없어('\(path)': \(Self.refusal(reason).localized.korean)) 읽어 온 내용을 저장하지 않았습니다. 그 밖에는 달라지는 것이 없습니다"
            )
        case .awsNotKept(let path, let reason):
            Localized(
                en:
                    "note: the keystore cannot be written ('\(path)': \(Self.refusal(reason).localized.english)), so these AWS credentials were not kept: the next run asks STS again",
                ko:
                    "참고: 키 저장소에 쓸 수 없어('\(path)': \(Self.refusal(reason).localized.korean)) 이 AWS 자격 증명을 저장하지 않았습니다. 다음 실행에서 STS에 다시 요청합니다"
            )
        }
    }
}
