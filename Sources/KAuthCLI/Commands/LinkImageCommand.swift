import KAuthBasics
import KAuthCore
import KakaoAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `kauth link image upload|scrap`: images for templates, on Kakao's image server.
enum LinkImageCommand {
    static let spec = CommandSpec(
        name: "image",
        summary: Localized(en: "upload or scrap an image for templates", ko: "템플릿에 쓸 이미지를 업로드하거나 스크랩합니다"),
        globals: LinkCommand.shareGlobals,
        examples: [
            ("kauth link image upload cake.png", .none),
            ("kauth link image scrap https://example.com/cake.jpg --json", .none)
        ],
        subcommands: [uploadSpec, scrapSpec]
    )

    static let uploadSpec = CommandSpec(
        name: "upload",
        summary: Localized(en: "upload an image and print its URL", ko: "이미지를 업로드하고 그 URL을 출력합니다"),
        discussion:
            Localized(
                en:
                    "Uploads FILE to Kakao's image server (kept there for 20 days) and prints its URL. The file must be a PNG, JPEG or GIF, judged by its content, of at most 2 MB: anything else is refused before a request is made (exit 2).",
                ko:
                    "FILE을 카카오 이미지 서버에 업로드하고(20일 동안 보관됩니다) 그 URL을 출력합니다. 파일은 내용으로 판단해 PNG, JPEG 또는 GIF이고 2 MB 이하여야 합니다: 그 밖의 파일은 요청을 보내기 전에 거부합니다 (종료 코드 2)."
            ),
        options: JSONOnlyOptions.self,
        globals: LinkCommand.shareGlobals,
        arguments: [
            ArgumentSpec(
                name: "FILE",
                help: Localized(en: "a PNG, JPEG or GIF of at most 2 MB", ko: "2 MB 이하의 PNG, JPEG 또는 GIF"), minimum: 1,
                maximum: 1, values: .file)
        ],
        examples: [
            ("kauth link image upload cake.png", Localized(en: "prints the https URL", ko: "https URL을 출력합니다")),
            (
                "kauth link image upload cake.png --json",
                Localized(
                    en: "url, content_type, length, width, height", ko: "url, content_type, length, width, height")
            )
        ],
        run: runUpload
    )

    static let scrapSpec = CommandSpec(
        name: "scrap",
        summary: Localized(
            en: "have Kakao fetch an image from the web and print its URL", ko: "카카오가 웹의 이미지를 가져오게 하고 URL을 출력합니다"),
        options: JSONOnlyOptions.self,
        globals: LinkCommand.shareGlobals,
        arguments: [
            ArgumentSpec(
                name: "URL", help: Localized(en: "the image's http or https URL", ko: "이미지의 http 또는 https URL"),
                minimum: 1, maximum: 1)
        ],
        examples: [("kauth link image scrap https://example.com/cake.jpg", .none)],
        run: runScrap
    )

    static func runUpload(_ context: CommandContext) async throws -> Int32 {
        let path = context.command.arguments[0]
        let contents: Data?
        do {
            contents = try context.world.fileSystem.readUserFile(path)
        } catch {
            throw CommandError.usage(ShareErrorWords.cannotReadImage(path: path, reason: "\(error)").localized)
        }
        guard let data = contents else {
            throw CommandError.usage(ShareErrorWords.noSuchImage(path: path).localized)
        }
        if data.count > ImageInfo.maximumUploadBytes {
            throw CommandError.usage(
                ShareErrorWords.imageTooLarge(path: path, bytes: data.count, maximum: ImageInfo.maximumUploadBytes)
                    .localized)
        }
        guard let info = ImageInfo.sniff(data) else {
            throw CommandError.usage(ShareErrorWords.notAnImage(path: path).localized)
        }
        let request = ImageUploadRequest(
            image: data, format: info.format, boundary: MultipartForm.randomBoundary(context.world.random))
        printImage(try await context.shareService().upload(request), context: context)
        return 0
    }

    static func runScrap(_ context: CommandContext) async throws -> Int32 {
        let url = try ShareInput.webURL(context.command.arguments[0], flag: "URL")
        printImage(try await context.shareService().scrapImage(url), context: context)
        return 0
    }

    /// The URL on stdout, or `{"url","content_type","length","width","height"}`.
    static func printImage(_ result: ImageUploadResult, context: CommandContext) {
        let original = result.infos.original
        guard context.json else {
            context.out(original.url + "\n")
            return
        }
        func number(_ value: Int?) -> JSONValue { value.map { .number(Double($0)) } ?? .null }
        context.printJSON(
            .object([
                "url": .string(original.url),
                "content_type": original.contentType.map(JSONValue.string) ?? .null,
                "length": number(original.length),
                "width": number(original.width),
                "height": number(original.height)
            ]))
    }
}
