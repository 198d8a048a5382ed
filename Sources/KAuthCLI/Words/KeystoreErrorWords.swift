import KAuthBasics
import KAuthCore

/// Words of the keystore's errors: why the file that holds the logins (키 저장소) cannot be used,
/// and what to run. The file is never replaced on its own, so every message names what the user
/// does: a `chmod`, a passphrase, the keyring, or moving the file away.
enum KeystoreErrorWords: Message {
    case tooOpen(path: String, mode: String)
    case notOwned(path: String)
    case notARegularFile(path: String)
    case corrupt(path: String, reason: Localized)
    case unreadable(path: String, reason: Localized)
    case unwritable(path: String, reason: Localized)
    case lockTimeout(path: String)
    case passphraseRequired(path: String)
    case wrongPassphrase(path: String)
    case wrongKey(path: String)
    case folderTooOpen(path: String, mode: String)
    case folderNotOwned(path: String)
    case unsafeFile(path: String, reason: Localized)
    /// The keyring did not give the keystore's key.
    case keyUnavailable(path: String, keyring: String, failure: KeyringFailure)
    /// A read-only keystore, found before the write (and any request) it would have needed.
    case readOnly(path: String, reason: WriteRefusal, before: KeystoreWrite)

    var localized: Localized {
        switch self {
        case .readOnly(let path, let reason, let write):
            Self.readOnlyText(path: path, reason: KeystoreNoteWords.refusal(reason).localized, before: write)
        case .tooOpen(let path, let mode):
            Localized(
                en: "permissions \(mode) for '\(path)' are too open; run: chmod 600 \(path)",
                ko: "'\(path)'의 권한 \(mode)이(가) 너무 열려 있습니다. 다음을 실행하십시오: chmod 600 \(path)")
        case .notOwned(let path):
            Localized(
                en: "'\(path)' belongs to another user; move it away and run `kauth login` again",
                ko: "'\(path)'은(는) 다른 사용자의 파일입니다. 다른 곳으로 옮기고 `kauth login`을 다시 실행하십시오")
        case .notARegularFile(let path):
            Localized(
                en: "'\(path)' is not a regular file; move it away and run `kauth login` again",
                ko: "'\(path)'은(는) 일반 파일이 아닙니다. 다른 곳으로 옮기고 `kauth login`을 다시 실행하십시오")
        case .corrupt(let path, let reason):
            Localized(
                en:
                    "the keystore '\(path)' cannot be used (\(reason.english.visible)); it was left as is: fix or move it away, then run `kauth login`",
                ko:
                    "키 저장소 '\(path)'을(를) 사용할 수 없습니다(\(reason.korean.visible)). 파일은 그대로 두었습니다. 고치거나 다른 곳으로 옮긴 뒤 `kauth login`을 실행하십시오"
            )
        case .unreadable(let path, let reason):
            Localized(
                en:
                    "cannot read the keystore '\(path)' (\(reason.english.visible)); check the file and its folder, or set KAUTH_HOME",
                ko: "키 저장소 '\(path)'을(를) 읽을 수 없습니다(\(reason.korean.visible)). 파일과 폴더를 확인하거나 KAUTH_HOME을 설정하십시오")
        case .unwritable(let path, let reason):
            Localized(
                en:
                    "cannot write the keystore '\(path)' (\(reason.english.visible)); the previous contents are unchanged: check the folder, or set KAUTH_HOME",
                ko:
                    "키 저장소 '\(path)'에 쓸 수 없습니다(\(reason.korean.visible)). 이전 내용은 바뀌지 않았습니다. 폴더를 확인하거나 KAUTH_HOME을 설정하십시오"
            )
        case .lockTimeout(let path):
            Localized(
                en:
                    "another kauth process kept the keystore lock '\(path)' too long; wait for it to finish and try again",
                ko: "다른 kauth 프로세스가 키 저장소 잠금 '\(path)'을(를) 너무 오래 잡고 있습니다. 그 프로세스가 끝나기를 기다린 뒤 다시 시도하십시오")
        case .passphraseRequired(let path):
            Localized(
                en: "the keystore '\(path)' is encrypted; set KAUTH_PASSPHRASE to its passphrase",
                ko: "키 저장소 '\(path)'은(는) 암호화되어 있습니다. KAUTH_PASSPHRASE에 그 암호문을 설정하십시오")
        case .wrongPassphrase(let path):
            Localized(
                en:
                    "cannot decrypt the keystore '\(path)': KAUTH_PASSPHRASE is wrong or the file was altered; set the right passphrase, or move the file away and run `kauth login`",
                ko:
                    "키 저장소 '\(path)'을(를) 복호화할 수 없습니다. KAUTH_PASSPHRASE가 틀렸거나 파일이 변경되었습니다. 올바른 암호문을 설정하거나, 파일을 다른 곳으로 옮기고 `kauth login`을 실행하십시오"
            )
        case .wrongKey(let path):
            Localized(
                en:
                    "the key in the keyring does not open the keystore '\(path)': the file was altered, or its key replaced; it was left as is: move it away and run `kauth login`",
                ko:
                    "키링의 키로 키 저장소 '\(path)'을(를) 열 수 없습니다. 파일이 변경되었거나 키가 바뀌었습니다. 파일은 그대로 두었습니다. 다른 곳으로 옮기고 `kauth login`을 실행하십시오"
            )
        case .folderTooOpen(let path, let mode):
            Localized(
                en: "permissions \(mode) for the folder '\(path)' are too open; run: chmod 700 \(path)",
                ko: "폴더 '\(path)'의 권한 \(mode)이(가) 너무 열려 있습니다. 다음을 실행하십시오: chmod 700 \(path)")
        case .folderNotOwned(let path):
            Localized(
                en:
                    "the folder '\(path)' belongs to another user, who could replace anything in it; kauth will not use it: set KAUTH_HOME to a folder of your own",
                ko:
                    "폴더 '\(path)'은(는) 다른 사용자의 것이어서 그 사용자가 안의 파일을 바꿀 수 있으므로 kauth는 사용하지 않습니다. KAUTH_HOME을 본인 소유의 폴더로 설정하십시오"
            )
        case .unsafeFile(let path, let reason):
            Localized(
                en:
                    "'\(path)' cannot be trusted (\(reason.english)); kauth will not use it: remove it, or set KAUTH_HOME to a folder of your own",
                ko:
                    "'\(path)'은(는) 믿을 수 없어(\(reason.korean)) kauth가 사용하지 않습니다. 삭제하거나 KAUTH_HOME을 본인 소유의 폴더로 설정하십시오"
            )
        case .keyUnavailable(let path, let keyring, let failure):
            Self.keyUnavailable(path: path, name: keyring, failure: failure)
        }
    }

    /// Why the keyring did not give the keystore's key, and what to do: the file is never
    /// replaced, so the user unlocks, starts or reaches the keyring, or moves the file away.
    private static func keyUnavailable(path: String, name: String, failure: KeyringFailure) -> Localized {
        let prefix = Localized(
            en: "the keystore '\(path)' is encrypted under a key kept in the \(name)",
            ko: "키 저장소 '\(path)'은(는) \(name)에 보관된 키로 암호화되어 있는데")
        let keep = Localized(en: "the file was left as is", ko: "파일은 그대로 두었습니다")
        switch failure {
        case .noSessionBus:
            return prefix
                + Localized(
                    en:
                        ", and there is no session bus to reach it (DBUS_SESSION_BUS_ADDRESS is not set); run kauth inside your desktop session (over SSH: log in at the desktop first, or set DBUS_SESSION_BUS_ADDRESS to its bus); ",
                    ko:
                        ", 키링에 닿을 세션 버스가 없습니다(DBUS_SESSION_BUS_ADDRESS가 설정되지 않음). 데스크톱 세션 안에서 kauth를 실행하십시오(SSH라면 먼저 데스크톱에 로그인하거나 DBUS_SESSION_BUS_ADDRESS를 그 버스로 설정하십시오). "
                ) + keep
        case .locked:
            return prefix
                + Localized(
                    en:
                        ", and the keyring is locked; unlock it (log in at the desktop, or unlock the login keyring in Passwords and Keys) and try again; ",
                    ko: ", 키링이 잠겨 있습니다. 키링의 잠금을 해제한 뒤(데스크톱에 로그인하거나 '암호 및 키'에서 로그인 키링 잠금 해제) 다시 시도하십시오. ")
                + keep
        case .timedOut:
            return prefix
                + Localized(
                    en:
                        ", and the keyring did not answer within 3 s (a hung or stopped keyring daemon); log in at the desktop or restart the keyring daemon, then try again; ",
                    ko:
                        ", 키링이 3초 안에 응답하지 않았습니다(키링 데몬이 멈췄거나 중지됨). 데스크톱에 로그인하거나 키링 데몬을 다시 시작한 뒤 다시 시도하십시오. "
                ) + keep
        case .notFound:
            return prefix
                + Localized(
                    en:
                        ", and this \(name) has no such key: the file was copied from another machine, user or folder, or the key was deleted; ",
                    ko: ", 이 \(name)에는 그 키가 없습니다. 파일이 다른 컴퓨터, 사용자 또는 폴더에서 복사되었거나 키가 삭제되었습니다. ")
                + keep
                + Localized(
                    en: ": move it away and run `kauth login`", ko: ". 다른 곳으로 옮기고 `kauth login`을 실행하십시오")
        case .unavailable(let reason):
            return prefix
                + Localized(
                    en: ", and the keyring cannot be used (\(reason.visible)); ",
                    ko: ", 키링을 사용할 수 없습니다(\(reason.visible)). ")
                + keep
                + Localized(
                    en: ": fix the keyring, or move the file away and run `kauth login`",
                    ko: ". 키링을 고치거나, 파일을 다른 곳으로 옮기고 `kauth login`을 실행하십시오")
        }
    }
}

/// Why the keystore, or a file beside it, could not be used: the core's `KeystoreProblem`, as the
/// part in parentheses of the keystore messages.
extension KeystoreProblem: Message {
    var localized: Localized {
        switch self {
        case .system(let text): .verbatim(text)
        case .unsafe(let reason): reason.localized
        case .lockTimedOut(let path):
            Localized(en: "lock '\(path)' timed out", ko: "잠금 '\(path)'의 대기 시간이 끝났습니다")
        case .json(let fault): fault.localized
        case .notAFolder: Localized(en: "it is not a folder", ko: "폴더가 아닙니다")
        case .shortRandom:
            Localized(
                en: "the random source returned fewer bytes than asked for", ko: "난수 원천이 요청한 것보다 적은 바이트를 돌려주었습니다")
        case .cannotEncrypt(let problem):
            Localized(en: "cannot encrypt: ", ko: "암호화할 수 없습니다: ") + problem.localized
        case .cannotEncode(let problem):
            Localized(en: "cannot encode: ", ko: "인코딩할 수 없습니다: ") + problem.localized
        case .cannotDecrypt(let problem):
            Localized(en: "cannot decrypt: ", ko: "복호화할 수 없습니다: ") + problem.localized
        case .readBackDiffers:
            Localized(
                en: "the new contents do not read back the same; nothing was written",
                ko: "새 내용을 다시 읽으니 같지 않습니다. 아무것도 쓰지 않았습니다")
        case .wouldNotReadBack(let problem):
            Localized(
                en: "the new contents would not read back (\(problem.localized.english)); nothing was written",
                ko: "새 내용을 다시 읽을 수 없습니다(\(problem.localized.korean)). 아무것도 쓰지 않았습니다")
        case .missingVersion: Localized(en: "missing 'version'", ko: "'version'이 없습니다")
        case .unsupportedVersion(let version, let supported):
            Localized(
                en:
                    "version \(version) is not supported (this kauth reads version \(supported)); a newer kauth may have written it",
                ko: "버전 \(version)은(는) 지원하지 않습니다(이 kauth는 버전 \(supported)을(를) 읽습니다). 더 새로운 kauth가 쓴 파일일 수 있습니다")
        case .encryptionWithoutProtection:
            Localized(
                en: "'protection' is none but the file has 'encryption'",
                ko: "'protection'이 none인데 파일에 'encryption'이 있습니다")
        case .unknownProtection(let name):
            Localized(
                en: "protection '\(name)' is not known; a newer kauth may have written it",
                ko: "protection '\(name)'을(를) 알 수 없습니다. 더 새로운 kauth가 쓴 파일일 수 있습니다")
        case .unknown(let member, let value):
            Localized(en: "unknown \(member) '\(value)'", ko: "알 수 없는 \(member) '\(value)'")
        case .bad(let member): Localized(en: "bad \(member)", ko: "잘못된 \(member)")
        case .implausibleIterations(let count, let maximum):
            Localized(
                en: "implausible iteration count \(count) (at most \(maximum))",
                ko: "있을 수 없는 반복 횟수 \(count)(최대 \(maximum))")
        case .inDecryptedContents(let problem):
            Localized(en: "decrypted contents: ", ko: "복호화한 내용: ") + problem.localized
        }
    }
}

/// Why a file kauth reads is not safe to use.
extension UnsafeFile: Message {
    var localized: Localized {
        switch self {
        case .symbolicLink: Localized(en: "it is a symbolic link", ko: "심볼릭 링크입니다")
        case .otherOwner: Localized(en: "it belongs to another user", ko: "다른 사용자의 파일입니다")
        case .notPrivateRegularFile: Localized(en: "it is not a private regular file", ko: "본인만 읽을 수 있는 일반 파일이 아닙니다")
        case .folder: Localized(en: "it is a folder", ko: "폴더입니다")
        case .othersCanWrite: Localized(en: "others can write it", ko: "다른 사용자가 쓸 수 있습니다")
        }
    }
}

/// What was wrong with the keystore's JSON.
extension JSONFault: Message {
    var localized: Localized {
        func at(_ path: String) -> Localized {
            path.isEmpty ? .verbatim("") : Localized(en: " at \(path)", ko: " (위치: \(path))")
        }
        switch self {
        case .notJSON: return Localized(en: "not valid JSON", ko: "올바른 JSON이 아닙니다")
        case .corrupted(let account, let path): return .verbatim(account) + at(path)
        case .missing(let key, let path):
            return Localized(en: "missing '\(key)'", ko: "'\(key)'이(가) 없습니다") + at(path)
        case .typeMismatch(let type, let path):
            return Localized(en: "expected \(type)", ko: "\(type)이어야 합니다") + at(path)
        case .null(let type, let path):
            return Localized(en: "expected \(type), found null", ko: "\(type)이어야 하는데 null입니다") + at(path)
        case .other(let text): return .verbatim(text)
        }
    }
}

extension KeystoreErrorWords {
    /// Each read-only refusal says what was not done and that nothing was lost.
    fileprivate static func readOnlyText(path: String, reason: Localized, before write: KeystoreWrite) -> Localized {
        let cannot = Localized(
            en: "the keystore cannot be written ('\(path)': \(reason.english))",
            ko: "키 저장소에 쓸 수 없습니다('\(path)': \(reason.korean))")
        switch write {
        case .refresh:
            return Localized(
                en:
                    "the access token must be refreshed, but \(cannot.english). A refresh may replace the refresh token, and one that cannot be stored is a lost login, so nothing was sent: make the folder writable, or point KAUTH_HOME at a writable copy of it",
                ko:
                    "액세스 토큰을 갱신해야 하지만 \(cannot.korean). 갱신하면 리프레시 토큰이 바뀔 수 있고, 저장하지 못한 리프레시 토큰은 잃어버린 로그인이 되므로 요청을 보내지 않았습니다. 폴더에 쓸 수 있게 하거나 KAUTH_HOME을 쓸 수 있는 복사본으로 지정하십시오"
            )
        case .login:
            return Localized(
                en:
                    "cannot log in: \(cannot.english), so the tokens the provider issues could not be kept. Nothing was sent: make the folder writable, or set KAUTH_HOME to a folder that is",
                ko:
                    "로그인할 수 없습니다. \(cannot.korean). 서비스가 발급하는 토큰을 저장할 수 없으므로 요청을 보내지 않았습니다. 폴더에 쓸 수 있게 하거나 KAUTH_HOME을 쓸 수 있는 폴더로 설정하십시오"
            )
        case .logout:
            return Localized(
                en:
                    "cannot log out: \(cannot.english), so the login would stay stored after the provider ended it. Nothing was sent and the session is still valid: make the folder writable, then log out again",
                ko:
                    "로그아웃할 수 없습니다. \(cannot.korean). 서비스에서 세션을 끝내도 로그인이 저장된 채로 남게 되므로 요청을 보내지 않았고, 세션은 아직 유효합니다. 폴더에 쓸 수 있게 한 뒤 다시 로그아웃하십시오"
            )
        case .unlink:
            return Localized(
                en:
                    "cannot unlink: \(cannot.english), so the login would stay stored after the provider withdrew every consent. Nothing was sent: make the folder writable, then unlink again",
                ko:
                    "연결을 끊을 수 없습니다. \(cannot.korean). 서비스에서 모든 동의를 철회해도 로그인이 저장된 채로 남게 되므로 요청을 보내지 않았습니다. 폴더에 쓸 수 있게 한 뒤 다시 연결 끊기를 실행하십시오"
            )
        case .defaultProfile:
            return Localized(
                en:
                    "cannot change the default profile: \(cannot.english). Nothing was changed: make the folder writable",
                ko: "기본 프로필을 바꿀 수 없습니다. \(cannot.korean). 아무것도 바뀌지 않았습니다. 폴더에 쓸 수 있게 하십시오")
        case .config:
            return Localized(
                en:
                    "cannot change the config: \(cannot.english). Nothing was changed: make the folder writable, or set KAUTH_HOME",
                ko: "설정을 바꿀 수 없습니다. \(cannot.korean). 아무것도 바뀌지 않았습니다. 폴더에 쓸 수 있게 하거나 KAUTH_HOME을 설정하십시오")
        case .change:
            return Localized(
                en: "\(cannot.english); nothing was changed: make the folder writable, or set KAUTH_HOME",
                ko: "\(cannot.korean). 아무것도 바뀌지 않았습니다. 폴더에 쓸 수 있게 하거나 KAUTH_HOME을 설정하십시오")
        }
    }
}
