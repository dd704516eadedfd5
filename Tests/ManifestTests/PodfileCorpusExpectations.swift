/// What each corpus Podfile declares, written by hand from reading the files.
///
/// Pod rows: `line | name | requirements | options | targets`. Requirements are joined by
/// ", "; options are `git=… branch=…`, `path=…`, `podspec=…`, `subspecs=A,B`,
/// `configurations=A,B`, `modular_headers=true`, `inhibit_warnings=true`; targets list every
/// target that reaches the line, in the order CocoaPods runs them, a `?` marking a use under
/// a condition.
/// Target rows: `name<parent`, then `abstract`, the inheritance when not complete, and the
/// target's own platform.
struct CorpusPodfile {
    var directory: String
    var sources: [String] = []
    var platform: String?
    var targets: String
    var pods: String
    /// Lines compctl must skip, each with the pod it names when it is a `pod` line.
    var skipped: [Int]
    var skippedPods: [Int: String] = [:]
}

let corpusPodfiles: [CorpusPodfile] = [
    CorpusPodfile(
        directory: "Automattic+simplenote-ios",
        sources: ["https://cdn.cocoapods.org/"],
        platform: "ios 13.0",
        targets: """
        Pods abstract ios 13.0
        Automattic<Pods abstract
        Simplenote<Automattic
        SimplenoteTests<Simplenote search_paths
        SimplenoteShare<Automattic
        Tools<Pods abstract
        """,
        pods: """
        21 | Gridicons | ~> 0.18 |  | Simplenote
        22 | AppCenter | ~> 4.4.3 |  | Simplenote
        23 | AppCenter/Distribute | ~> 4.4.3 |  | Simplenote
        27 | Simperium | 1.9.0 |  | Simplenote
        28 | WordPress-Ratings-iOS | 0.0.2 |  | Simplenote
        42 | ZIPFoundation | ~> 0.9.9 |  | SimplenoteShare
        """,
        skipped: [57], skippedPods: [57: "SwiftLint"]),

    CorpusPodfile(
        directory: "GitHawkApp+GitHawk",
        targets: """
        Pods abstract
        Freetime<Pods ios 11.0
        FreetimeWatch<Pods watchos 3.0
        FreetimeWatch Extension<Pods watchos 3.0
        FreetimeTests<Pods ios 11.0
        """,
        pods: """
        7 | GitHubAPI |  | path=Local Pods/GitHubAPI | Freetime, FreetimeWatch Extension, FreetimeTests
        8 | GitHubSession |  | path=Local Pods/GitHubSession | Freetime, FreetimeWatch Extension, FreetimeTests
        9 | DateAgo |  | path=Local Pods/DateAgo | Freetime, FreetimeWatch Extension, FreetimeTests
        10 | StringHelpers |  | path=Local Pods/StringHelpers | Freetime, FreetimeWatch Extension, FreetimeTests
        15 | AlamofireNetworkActivityIndicator | ~> 2.3 |  | Freetime, FreetimeTests
        16 | HTMLString | ~> 4.0 |  | Freetime, FreetimeTests
        17 | NYTPhotoViewer/AnimatedGifSupport | ~> 2.0.0 |  | Freetime, FreetimeTests
        18 | SDWebImage/GIF | ~> 4.0.0 |  | Freetime, FreetimeTests
        19 | SnapKit | ~> 4.2 |  | Freetime, FreetimeTests
        20 | TUSafariActivity | ~> 1.0 |  | Freetime, FreetimeTests
        21 | SwiftLint |  |  | Freetime, FreetimeTests
        22 | Fabric |  |  | Freetime, FreetimeTests
        23 | Crashlytics |  |  | Freetime, FreetimeTests
        24 | XLPagerTabStrip | ~> 8.1 |  | Freetime, FreetimeTests
        25 | ImageAlertAction |  |  | Freetime, FreetimeTests
        26 | FMDB |  |  | Freetime, FreetimeTests
        29 | IGListKit/Swift |  | git=https://github.com/GitHawkApp/IGListKit.git branch=fix-layout-insets | Freetime, FreetimeTests
        30 | StyledTextKit |  | git=https://github.com/GitHawkApp/StyledTextKit.git branch=master | Freetime, FreetimeTests
        31 | Highlightr |  | git=https://github.com/GitHawkApp/Highlightr.git branch=master | Freetime, FreetimeTests
        32 | FlatCache |  | git=https://github.com/GitHawkApp/FlatCache.git branch=master | Freetime, FreetimeTests
        33 | MessageViewController |  | git=https://github.com/GitHawkApp/MessageViewController.git branch=master | Freetime, FreetimeTests
        34 | ContextMenu |  | git=https://github.com/GitHawkApp/ContextMenu.git branch=master | Freetime, FreetimeTests
        35 | cmark-gfm-swift |  | git=https://github.com/GitHawkApp/cmark-gfm-swift.git branch=master | Freetime, FreetimeTests
        36 | Squawk |  | git=https://github.com/GitHawkApp/Squawk.git branch=master | Freetime, FreetimeTests
        37 | GitHawkRoutes |  | git=https://github.com/GitHawkApp/GitHawkRoutes.git branch=master | Freetime, FreetimeTests
        38 | DropdownTitleView |  | git=https://github.com/GitHawkApp/DropdownTitleView.git branch=master | Freetime, FreetimeTests
        41 | FLEX | ~> 2.0 | configurations=Debug,TestFlight | Freetime, FreetimeTests
        44 | SwipeCellKit |  | path=Local Pods/SwipeCellKit | Freetime, FreetimeTests
        73 | FBSnapshotTestCase |  |  | FreetimeTests
        """,
        skipped: []),

    CorpusPodfile(
        directory: "RocketChat+Rocket.Chat.iOS",
        sources: ["https://github.com/CocoaPods/Specs.git"],
        platform: "ios 11.0",
        targets: """
        Pods abstract ios 11.0
        Rocket.Chat.ShareExtension<Pods
        Rocket.Chat<Pods
        Rocket.ChatTests<Pods
        """,
        pods: """
        8 | RealmSwift |  |  | Rocket.Chat.ShareExtension, Rocket.Chat, Rocket.ChatTests
        9 | SwiftyJSON |  |  | Rocket.Chat.ShareExtension, Rocket.Chat, Rocket.ChatTests
        13 | MBProgressHUD | ~> 1.1.0 |  | Rocket.Chat.ShareExtension, Rocket.Chat, Rocket.ChatTests
        17 | DifferenceKit | ~> 1.0 |  | Rocket.Chat.ShareExtension
        21 | JitsiMeetSDK |  |  | Rocket.Chat
        26 | Firebase/Core |  |  | Rocket.Chat, Rocket.ChatTests
        29 | Fabric |  |  | Rocket.Chat, Rocket.ChatTests
        30 | Crashlytics |  |  | Rocket.Chat, Rocket.ChatTests
        33 | semver |  |  | Rocket.Chat, Rocket.ChatTests
        36 | RocketChatViewController |  | git=https://github.com/RocketChat/RocketChatViewController | Rocket.Chat, Rocket.ChatTests
        37 | MobilePlayer |  | git=https://github.com/RocketChat/RCiOSMobilePlayer | Rocket.Chat, Rocket.ChatTests
        38 | SimpleImageViewer |  | git=https://github.com/cardoso/SimpleImageViewer.git | Rocket.Chat, Rocket.ChatTests
        39 | SwipeCellKit |  |  | Rocket.Chat, Rocket.ChatTests
        43 | RCMarkdownParser |  | git=https://github.com/RocketChat/RCMarkdownParser.git | Rocket.Chat, Rocket.ChatTests
        49 | Nuke | ~> 7.6 |  | Rocket.Chat, Rocket.ChatTests
        50 | Nuke-FLAnimatedImage-Plugin |  |  | Rocket.Chat, Rocket.ChatTests
        51 | Starscream | ~> 3 |  | Rocket.Chat, Rocket.ChatTests
        52 | ReachabilitySwift |  |  | Rocket.Chat, Rocket.ChatTests
        55 | OAuthSwift |  |  | Rocket.Chat, Rocket.ChatTests
        56 | 1PasswordExtension |  |  | Rocket.Chat, Rocket.ChatTests
        59 | SwiftLint |  | configurations=Debug | Rocket.Chat, Rocket.ChatTests
        60 | FLEX | ~> 2.0 | configurations=Debug,Beta | Rocket.Chat, Rocket.ChatTests
        64 | Nuke-FLAnimatedImage-Plugin |  |  | Rocket.Chat.ShareExtension
        """,
        skipped: []),

    CorpusPodfile(
        directory: "SDWebImage+SDWebImage",
        targets: """
        Pods abstract
        SDWebImage iOS Demo<Pods ios 9.0
        SDWebImage OSX Demo<Pods osx 10.11
        SDWebImage TV Demo<Pods tvos 9.0
        SDWebImage Watch Demo Extension<Pods watchos 2.0
        SDWebImage Vision Demo<Pods visionos 1.0
        Tests iOS<Pods ios 9.0
        Tests Mac<Pods osx 10.11
        Tests TV<Pods tvos 9.0
        Tests Vision<Pods visionos 1.0
        """,
        pods: """
        4 | SDWebImage/MapKit |  | path=./ | SDWebImage iOS Demo, SDWebImage OSX Demo, SDWebImage TV Demo
        5 | SDWebImageWebPCoder |  | git=https://github.com/SDWebImage/SDWebImageWebPCoder.git branch=master | SDWebImage iOS Demo, SDWebImage OSX Demo, SDWebImage TV Demo
        9 | SDWebImage/Core |  | path=./ | SDWebImage Watch Demo Extension
        10 | SDWebImageWebPCoder |  | git=https://github.com/SDWebImage/SDWebImageWebPCoder.git branch=master | SDWebImage Watch Demo Extension
        14 | SDWebImage/MapKit |  | path=./ | SDWebImage Vision Demo
        15 | SDWebImageSwiftUI |  | git=https://github.com/SDWebImage/SDWebImageSwiftUI.git branch=master | SDWebImage Vision Demo
        19 | SDWebImage/MapKit |  | path=./ | Tests iOS, Tests Mac, Tests TV, Tests Vision
        21 | Expecta |  | podspec=Tests/Expecta.podspec | Tests iOS, Tests Mac, Tests TV, Tests Vision
        22 | KVOController |  | podspec=Tests/KVOController.podspec | Tests iOS, Tests Mac, Tests TV, Tests Vision
        """,
        skipped: []),

    CorpusPodfile(
        directory: "TextureGroup+Texture",
        sources: ["https://cdn.cocoapods.org/"],
        platform: "ios 14.0",
        targets: """
        Pods abstract ios 14.0
        AsyncDisplayKitTests<Pods ios 14.0
        """,
        pods: """
        7 | OCMock | ~>3.9 |  | AsyncDisplayKitTests
        8 | iOSSnapshotTestCase/Core | ~> 8.0 |  | AsyncDisplayKitTests
        """,
        skipped: []),

    CorpusPodfile(
        directory: "artsy+eigen",
        sources: ["https://github.com/artsy/Specs.git", "https://github.com/CocoaPods/Specs.git"],
        platform: "ios 9.0",
        targets: """
        Pods abstract ios 9.0
        Artsy<Pods
        Artsy Tests<Artsy search_paths
        """,
        pods: """
        39 | AFNetworking | ~> 2.5 |  | Artsy
        40 | AFOAuth1Client |  | git=https://github.com/lxcid/AFOAuth1Client.git tag=0.4.0 | Artsy
        41 | AFNetworkActivityLogger |  |  | Artsy
        42 | SDWebImage | >= 3.7.2 |  | Artsy
        45 | ARGenericTableViewController |  | git=https://github.com/orta/ARGenericTableViewController.git | Artsy
        46 | CocoaLumberjack |  | git=https://github.com/CocoaLumberjack/CocoaLumberjack.git | Artsy
        47 | FLKAutoLayout |  | git=https://github.com/orta/FLKAutoLayout.git branch=v1 | Artsy
        48 | FXBlurView |  |  | Artsy
        49 | iRate |  |  | Artsy
        50 | ISO8601DateFormatter |  | git=https://github.com/orta/iso-8601-date-formatter | Artsy
        51 | JLRoutes |  | git=https://github.com/orta/JLRoutes.git | Artsy
        52 | JSDecoupledAppDelegate |  |  | Artsy
        53 | Mantle | ~> 1.5.6 |  | Artsy
        54 | MMMarkdown |  |  | Artsy
        55 | NPKeyboardLayoutGuide |  |  | Artsy
        56 | ReactiveObjC |  |  | Artsy
        57 | UICKeyChainStore |  |  | Artsy
        58 | MARKRangeSlider |  |  | Artsy
        59 | EDColor |  |  | Artsy
        60 | SSFadingScrollView |  | git=https://github.com/alloy/SSFadingScrollView.git branch=add-axial-support | Artsy
        63 | ARTiledImageView |  | git=https://github.com/dblock/ARTiledImageView | Artsy
        64 | ORStackView | 2.0.3 |  | Artsy
        65 | UIView+BooleanAnimations |  |  | Artsy
        66 | NAMapKit |  | git=https://github.com/neilang/NAMapKit | Artsy
        67 | Aerodramus |  |  | Artsy
        70 | ARCollectionViewMasonryLayout |  | git=https://github.com/ashfurrow/ARCollectionViewMasonryLayout | Artsy
        73 | KSDeferred |  |  | Artsy
        74 | MultiDelegate |  |  | Artsy
        75 | ObjectiveSugar |  |  | Artsy
        78 | Artsy+UIFonts |  |  | Artsy
        79 | Artsy-UIButtons |  |  | Artsy
        80 | Artsy+UIColors |  |  | Artsy
        81 | Artsy+UILabels |  |  | Artsy
        82 | Extraction |  |  | Artsy
        84 | Emission | ~> 1.8.2 |  | Artsy
        85 | yoga |  | podspec=https://raw.githubusercontent.com/artsy/emission/v1.5.2/externals/yoga/yoga.podspec.json | Artsy
        86 | React/Core |  |  | Artsy
        92 | tipsi-stripe |  | git=https://github.com/tipsi/tipsi-stripe.git tag=5.2.4 | Artsy
        95 | react-native-mapbox-gl |  | git=https://github.com/orta/react-native-mapbox-gl.git branch=6_1_3_podspec_fix | Artsy
        96 | SentryReactNative |  | git=https://github.com/getsentry/react-native-sentry.git tag=v0.30.3 | Artsy
        97 | Pulley |  | git=https://github.com/l2succes/Pulley.git branch=master | Artsy
        98 | RNSVG |  | git=https://github.com/react-native-community/react-native-svg.git tag=v9.0.4 | Artsy
        101 | FBSDKCoreKit | ~> 4.33 |  | Artsy
        102 | FBSDKLoginKit | ~> 4.33 |  | Artsy
        105 | Analytics |  |  | Artsy
        106 | ARAnalytics |  | subspecs=Segmentio,Adjust,DSL | Artsy
        109 | DHCShakeNotifier |  |  | Artsy
        110 | ORKeyboardReactingApplication |  |  | Artsy
        111 | VCRURLConnection |  |  | Artsy
        114 | Then |  |  | Artsy
        115 | Interstellar/Core |  | git=https://github.com/ashfurrow/Interstellar.git branch=observable-unsubscribe | Artsy
        116 | Starscream |  |  | Artsy
        117 | SwiftyJSON |  |  | Artsy
        120 | JWTDecode |  |  | Artsy
        125 | FBSnapshotTestCase |  |  | Artsy Tests
        126 | Expecta+Snapshots |  |  | Artsy Tests
        127 | OHHTTPStubs |  |  | Artsy Tests
        128 | XCTest+OHHTTPStubSuiteCleanUp |  |  | Artsy Tests
        129 | Specta |  |  | Artsy Tests
        130 | Expecta |  |  | Artsy Tests
        131 | OCMock |  |  | Artsy Tests
        132 | Forgeries/Mocks |  |  | Artsy Tests
        135 | Quick |  |  | Artsy Tests
        136 | Nimble |  |  | Artsy Tests
        137 | Nimble-Snapshots |  |  | Artsy Tests
        """,
        skipped: []),

    CorpusPodfile(
        directory: "firebase+firebase-ios-sdk--Firestore-Example",
        sources: ["https://github.com/firebase/SpecsDev.git", "https://github.com/firebase/SpecsStaging.git", "https://cdn.cocoapods.org/"],
        targets: """
        Pods abstract
        Firestore_Example_iOS<Pods ios 15.0
        Firestore_Tests_iOS<Firestore_Example_iOS search_paths
        Firestore_Benchmarks_iOS<Firestore_Example_iOS search_paths
        Firestore_IntegrationTests_iOS<Firestore_Example_iOS search_paths
        Firestore_Example_macOS<Pods osx 10.15
        Firestore_Tests_macOS<Firestore_Example_macOS search_paths
        Firestore_IntegrationTests_macOS<Firestore_Example_macOS search_paths
        Firestore_Example_tvOS<Pods tvos 15.0
        Firestore_Tests_tvOS<Firestore_Example_tvOS search_paths
        Firestore_IntegrationTests_tvOS<Firestore_Example_tvOS search_paths
        """,
        pods: """
        59 | FirebaseFirestore |  | path=../.. | Firestore_Example_iOS?, Firestore_Example_macOS?, Firestore_Example_tvOS?
        64 | FirebaseFirestoreInternal |  | path=../.. | Firestore_Example_iOS?, Firestore_Example_macOS?, Firestore_Example_tvOS?
        65 | FirebaseAppCheckInterop |  | path=../.. | Firestore_Example_iOS?, Firestore_Example_macOS?, Firestore_Example_tvOS?
        66 | FirebaseCore |  | path=../.. | Firestore_Example_iOS?, Firestore_Example_macOS?, Firestore_Example_tvOS?
        67 | FirebaseCoreInternal |  | path=../.. | Firestore_Example_iOS?, Firestore_Example_macOS?, Firestore_Example_tvOS?
        68 | FirebaseCoreExtension |  | path=../.. | Firestore_Example_iOS?, Firestore_Example_macOS?, Firestore_Example_tvOS?
        69 | FirebaseSharedSwift |  | path=../../ | Firestore_Example_iOS?, Firestore_Example_macOS?, Firestore_Example_tvOS?
        51 | FirebaseAuth |  | path=../.. | Firestore_Example_iOS?, Firestore_Example_macOS?, Firestore_Example_tvOS?
        102 | abseil | ~> 1.20240722.0 |  | Firestore_Example_iOS?
        107 | GoogleBenchmark |  | podspec=GoogleBenchmark.podspec | Firestore_Tests_iOS?
        108 | GoogleTest |  | podspec=GoogleTest.podspec | Firestore_Tests_iOS?
        109 | ProtobufCpp |  | podspec=ProtobufCpp.podspec | Firestore_Tests_iOS?
        111 | leveldb-library |  |  | Firestore_Tests_iOS?
        117 | GoogleBenchmark |  | podspec=GoogleBenchmark.podspec | Firestore_Benchmarks_iOS?
        123 | GoogleBenchmark |  | podspec=GoogleBenchmark.podspec | Firestore_IntegrationTests_iOS?
        124 | GoogleTest |  | podspec=GoogleTest.podspec | Firestore_IntegrationTests_iOS?
        125 | ProtobufCpp |  | podspec=ProtobufCpp.podspec | Firestore_IntegrationTests_iOS?
        127 | leveldb-library |  |  | Firestore_IntegrationTests_iOS?
        138 | abseil | ~> 1.20240722.0 |  | Firestore_Example_macOS?
        143 | GoogleBenchmark |  | podspec=GoogleBenchmark.podspec | Firestore_Tests_macOS?
        144 | GoogleTest |  | podspec=GoogleTest.podspec | Firestore_Tests_macOS?
        145 | ProtobufCpp |  | podspec=ProtobufCpp.podspec | Firestore_Tests_macOS?
        147 | leveldb-library |  |  | Firestore_Tests_macOS?
        153 | GoogleBenchmark |  | podspec=GoogleBenchmark.podspec | Firestore_IntegrationTests_macOS?
        154 | GoogleTest |  | podspec=GoogleTest.podspec | Firestore_IntegrationTests_macOS?
        155 | ProtobufCpp |  | podspec=ProtobufCpp.podspec | Firestore_IntegrationTests_macOS?
        157 | leveldb-library |  |  | Firestore_IntegrationTests_macOS?
        168 | abseil | ~> 1.20240722.0 |  | Firestore_Example_tvOS?
        173 | GoogleBenchmark |  | podspec=GoogleBenchmark.podspec | Firestore_Tests_tvOS?
        174 | GoogleTest |  | podspec=GoogleTest.podspec | Firestore_Tests_tvOS?
        175 | ProtobufCpp |  | podspec=ProtobufCpp.podspec | Firestore_Tests_tvOS?
        177 | leveldb-library |  |  | Firestore_Tests_tvOS?
        183 | GoogleBenchmark |  | podspec=GoogleBenchmark.podspec | Firestore_IntegrationTests_tvOS?
        184 | GoogleTest |  | podspec=GoogleTest.podspec | Firestore_IntegrationTests_tvOS?
        185 | ProtobufCpp |  | podspec=ProtobufCpp.podspec | Firestore_IntegrationTests_tvOS?
        187 | leveldb-library |  |  | Firestore_IntegrationTests_tvOS?
        """,
        skipped: []),

    CorpusPodfile(
        directory: "firebase+firebase-ios-sdk--SymbolCollisionTest",
        sources: ["https://github.com/firebase/SpecsDev.git", "https://github.com/firebase/SpecsStaging.git", "https://cdn.cocoapods.org/"],
        platform: "ios 15.0",
        targets: """
        Pods abstract ios 15.0
        SymbolCollisionTest<Pods
        """,
        pods: """
        11 | Firebase |  | path=../ | SymbolCollisionTest
        12 | FirebaseABTesting |  | path=../ | SymbolCollisionTest
        13 | FirebaseAppDistribution |  | path=../ | SymbolCollisionTest
        14 | FirebaseAnalytics |  |  | SymbolCollisionTest
        15 | FirebaseAuth |  | path=../ | SymbolCollisionTest
        16 | FirebaseCore |  | path=../ | SymbolCollisionTest
        17 | FirebaseCoreExtension |  | path=../ | SymbolCollisionTest
        18 | FirebaseCoreInternal |  | path=../ | SymbolCollisionTest
        19 | FirebaseSessions |  | path=../ | SymbolCollisionTest
        20 | FirebaseCrashlytics |  | path=../ | SymbolCollisionTest
        21 | FirebaseDatabase |  | path=../ | SymbolCollisionTest
        22 | FirebaseFirestore |  | path=../ | SymbolCollisionTest
        23 | FirebaseFunctions |  | path=../ | SymbolCollisionTest
        24 | FirebaseInAppMessaging |  | path=../ | SymbolCollisionTest
        25 | FirebaseInstallations |  | path=../ | SymbolCollisionTest
        26 | FirebaseMessaging |  | path=../ | SymbolCollisionTest
        27 | FirebasePerformance |  | path=../ | SymbolCollisionTest
        28 | FirebaseRemoteConfig |  | path=../ | SymbolCollisionTest
        29 | FirebaseStorage |  | path=../ | SymbolCollisionTest
        40 | ARCore |  |  | SymbolCollisionTest
        43 | Google-Mobile-Ads-SDK |  |  | SymbolCollisionTest
        44 | GoogleAnalytics |  |  | SymbolCollisionTest
        45 | GoogleMaps | > 8 |  | SymbolCollisionTest
        48 | GooglePlaces | > 8 |  | SymbolCollisionTest
        49 | GoogleSignIn | > 6 |  | SymbolCollisionTest
        50 | GTMAppAuth |  |  | SymbolCollisionTest
        51 | GoogleTagManager | >= 7.4.6 |  | SymbolCollisionTest
        52 | GoogleToolboxForMac |  |  | SymbolCollisionTest
        53 | GoogleUtilities |  |  | SymbolCollisionTest
        55 | GTMSessionFetcher |  |  | SymbolCollisionTest
        57 | leveldb-library |  |  | SymbolCollisionTest
        58 | nanopb |  |  | SymbolCollisionTest
        60 | Protobuf |  |  | SymbolCollisionTest
        """,
        skipped: []),

    CorpusPodfile(
        directory: "home-assistant+iOS--2024",
        platform: "ios 15.0",
        targets: """
        Pods abstract ios 15.0
        iOS<Pods abstract ios 15.0
        Shared-iOS<iOS
        Tests-Shared<Shared-iOS
        App<iOS
        Tests-App<App search_paths
        Extensions-Intents<iOS
        Extensions-Matter<iOS
        Extensions-NotificationContent<iOS
        Extensions-NotificationService<iOS
        Extensions-PushProvider<iOS
        Extensions-Share<iOS
        Extensions-Widgets<iOS
        watchOS<Pods abstract watchos 8.0
        Shared-watchOS<watchOS
        WatchExtension-Watch<watchOS
        """,
        pods: """
        7 | SwiftGen | ~> 6.5.0 |  | Pods?, App
        8 | SwiftLint | 0.54.0 |  | Pods?, App
        9 | SwiftFormat/CLI | 0.53.1 |  | Pods?, App
        24 | Alamofire | ~> 5.8 |  | Pods
        25 | Communicator |  | git=https://github.com/zacwest/Communicator.git branch=observation-memory-direct | Pods
        26 | KeychainAccess |  |  | Pods
        27 | ObjectMapper |  | git=https://github.com/tristanhimmelman/ObjectMapper.git branch=master | Pods
        28 | PromiseKit | ~> 8.1.1 |  | Pods
        29 | Improv-iOS | ~> 0.0.6 |  | Pods
        30 | SFSafeSymbols | ~> 5.3 |  | Pods
        32 | RealmSwift |  |  | Pods
        33 | GRDB.swift |  | git=https://github.com/groue/GRDB.swift.git tag=v6.29.3 | Pods
        34 | UIColor_Hex_Swift |  |  | Pods
        35 | Version |  |  | Pods
        36 | XCGLogger |  |  | Pods
        39 | Starscream |  | git=https://github.com/bgoncal/starscream branch=ha-URLSession-fix | Pods
        40 | HAKit |  | git=https://github.com/home-assistant/HAKit.git tag=0.4.4 | Pods
        41 | HAKit/PromiseKit |  | git=https://github.com/home-assistant/HAKit.git tag=0.4.4 | Pods
        42 | HAKit/Mocks |  | git=https://github.com/home-assistant/HAKit.git tag=0.4.4 | Pods
        45 | OHHTTPStubs/Swift |  |  | Tests-Shared, Tests-App
        49 | Sodium |  | git=https://github.com/zacwest/swift-sodium.git branch=xcode-14.0.1 | iOS, Shared-iOS, Shared-watchOS
        55 | MBProgressHUD | ~> 1.2.0 |  | iOS
        56 | ReachabilitySwift |  |  | iOS
        63 | ZIPFoundation | ~> 0.9 |  | Shared-iOS
        72 | CallbackURLKit |  |  | App
        73 | ColorPickerRow |  | git=https://github.com/EurekaCommunity/ColorPickerRow commit=fde095843bb8c08e8818097c51ed140373180790 | App
        75 | CPDAcknowledgements |  | git=https://github.com/CocoaPods/CPDAcknowledgements branch=master | App
        76 | Eureka |  | git=https://github.com/xmartlabs/Eureka branch=master | App
        78 | FirebaseMessaging |  |  | App
        80 | SwiftMessages | ~> 10.0.1 |  | App
        81 | ViewRow |  | git=https://github.com/EurekaCommunity/ViewRow branch=master | App
        108 | EMTLoadingIndicator |  | git=https://github.com/hirokimu/EMTLoadingIndicator branch=master | WatchExtension-Watch
        """,
        skipped: []),

    CorpusPodfile(
        directory: "kickstarter+ios-oss",
        platform: "ios -",
        targets: """
        Pods abstract ios -
        Kickstarter-iOS<Pods
        Kickstarter-Framework-iOS<Pods
        """,
        pods: "",
        skipped: [2, 8, 9, 19, 22, 34, 41, 51]),

    CorpusPodfile(
        directory: "mattermost+mattermost-mobile--rn",
        platform: "ios 11.0",
        targets: """
        Pods abstract ios 11.0
        Mattermost<Pods
        """,
        pods: """
        16 | Permission-Camera |  | path=../node_modules/react-native-permissions/ios/Camera | Mattermost
        17 | Permission-MediaLibrary |  | path=../node_modules/react-native-permissions/ios/MediaLibrary | Mattermost
        18 | Permission-Microphone |  | path=../node_modules/react-native-permissions/ios/Microphone | Mattermost
        19 | Permission-Notifications |  | path=../node_modules/react-native-permissions/ios/Notifications | Mattermost
        20 | Permission-PhotoLibrary |  | path=../node_modules/react-native-permissions/ios/PhotoLibrary | Mattermost
        21 | Permission-PhotoLibraryAddOnly |  | path=../node_modules/react-native-permissions/ios/PhotoLibraryAddOnly | Mattermost
        23 | XCDYouTubeKit | 2.8.3 |  | Mattermost
        24 | Swime | 3.0.6 |  | Mattermost
        """,
        skipped: [1, 2, 8, 9]),

    CorpusPodfile(
        directory: "vector-im+element-ios",
        platform: "ios 11.0",
        targets: """
        Pods abstract ios 11.0
        RiotPods<Pods abstract
        Riot<RiotPods
        RiotTests<Riot search_paths
        RiotShareExtension<RiotPods
        SiriIntents<RiotPods
        RiotNSE<RiotPods
        """,
        pods: """
        46 | GBDeviceInfo | ~> 6.6.0 |  | RiotPods
        47 | Reusable | ~> 4.1 |  | RiotPods
        48 | KeychainAccess | ~> 4.2.2 |  | RiotPods
        51 | MatomoTracker | ~> 7.4.1 |  | RiotPods
        54 | OLMKit |  | inhibit_warnings=true | RiotPods
        55 | zxcvbn-ios |  | inhibit_warnings=true | RiotPods
        56 | HPGrowingTextView |  | inhibit_warnings=true | RiotPods
        59 | SwiftGen | ~> 6.3 |  | RiotPods
        60 | SwiftLint | ~> 0.43.0 |  | RiotPods
        64 | DGCollectionViewLeftAlignFlowLayout | ~> 1.0.4 |  | Riot
        65 | KTCenterFlowLayout | ~> 1.3.1 |  | Riot
        66 | ZXingObjC | ~> 3.6.5 |  | Riot
        67 | FlowCommoniOS | ~> 1.10.0 |  | Riot
        68 | ReadMoreTextView | ~> 3.0.1 |  | Riot
        69 | SwiftBase32 | ~> 0.9.0 |  | Riot
        70 | SwiftJWT | ~> 3.6.200 |  | Riot
        71 | SideMenu | ~> 6.5 |  | Riot
        73 | FLEX | ~> 4.4.1 | configurations=Debug | Riot
        """,
        skipped: [37, 38, 39], skippedPods: [37: "MatrixSDK", 38: "MatrixSDK/JingleCallStack", 39: "MatrixKit"]),

    CorpusPodfile(
        directory: "wisemen-digital+AppwiseCore-Example--2019-tabs",
        platform: "ios 11.0",
        targets: """
        Pods abstract ios 11.0
        Example Project<Pods
        """,
        pods: """
        14 | AppwiseCore |  | path=../ | Example Project
        15 | AppwiseCore/CoreData |  | path=../ | Example Project
        16 | AppwiseCore/DeepLink |  | path=../ | Example Project
        17 | AppwiseCore/UI |  | path=../ | Example Project
        20 | BartyCrouch |  |  | Example Project
        21 | Sourcery |  |  | Example Project
        22 | SwiftFormat/CLI |  |  | Example Project
        23 | SwiftGen |  |  | Example Project
        24 | SwiftLint |  |  | Example Project
        25 | Bagel |  | configurations=Development-Debug,Staging-Debug,Production-Debug modular_headers=true | Example Project
        26 | CocoaAsyncSocket |  | configurations=Development-Debug,Staging-Debug,Production-Debug modular_headers=true | Example Project
        29 | BonMot |  |  | Example Project
        30 | Crashlytics |  |  | Example Project
        31 | IQKeyboardManagerSwift |  |  | Example Project
        32 | Nuke |  |  | Example Project
        33 | Nuke-Alamofire-Plugin |  |  | Example Project
        34 | OneSignal |  |  | Example Project
        35 | p2.OAuth2 |  |  | Example Project
        36 | Reusable |  |  | Example Project
        37 | SnapKit |  |  | Example Project
        """,
        skipped: []),
]
