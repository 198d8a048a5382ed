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
        summary: LinkImageHelpWords.summary,
        globals: LinkCommand.shareGlobals,
        examples: [
            ("kauth link image upload cake.png", .none),
            ("kauth link image scrap https://example.com/cake.jpg --json", .none)
        ],
        subcommands: [uploadSpec, scrapSpec]
    )

    static let uploadSpec = CommandSpec(
        name: "upload",
        summary: LinkImageHelpWords.uploadSummary,
        discussion: LinkImageHelpWords.uploadDiscussion,
        options: JSONOnlyOptions.self,
        globals: LinkCommand.shareGlobals,
        arguments: [
            ArgumentSpec(
                name: "FILE",
                help: LinkImageHelpWords.uploadFileArgument, minimum: 1,
                maximum: 1, values: .file)
        ],
        examples: [
            ("kauth link image upload cake.png", LinkImageHelpWords.uploadExamplePrintsTheHTTPSURL),
            ("kauth link image upload cake.png --json", LinkImageHelpWords.uploadExampleJSONFields)
        ],
        run: runUpload
    )

    static let scrapSpec = CommandSpec(
        name: "scrap",
        summary: LinkImageHelpWords.scrapSummary,
        options: JSONOnlyOptions.self,
        globals: LinkCommand.shareGlobals,
        arguments: [
            ArgumentSpec(
                name: "URL", help: LinkImageHelpWords.scrapURLArgument,
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
