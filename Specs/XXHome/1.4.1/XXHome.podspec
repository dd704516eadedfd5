#
# Be sure to run `pod lib lint XXHome.podspec' to ensure this is a
# valid spec before submitting.
#
# Any lines starting with a # are optional, but their use is encouraged
# To learn more about a Podspec see https://guides.cocoapods.org/syntax/podspec.html
#

Pod::Spec.new do |s|
  s.name             = 'XXHome'
  s.version          = '1.4.1'
  s.summary          = 'Home feed: banners, channels and the recommendation stream.'

  s.description      = <<-DESC
The home tab: banner carousel, channel grid and the infinite
recommendation stream.
                       DESC

  s.homepage         = 'https://git.acme.example/ios/XXHome'
  s.license          = { :type => 'MIT', :file => 'LICENSE' }
  s.author           = { 'Anna Berg' => 'anna.berg@acme.example' }
  s.source           = { :git => 'https://git.acme.example/ios/XXHome.git', :tag => s.version.to_s }

  s.ios.deployment_target = '12.0'
  s.swift_version = '5.0'

  s.source_files = 'XXHome/Classes/**/*.swift'
  s.resource_bundles = { 'XXHome' => ['XXHome/Assets/*.xcassets'] }

  s.dependency 'XXUIKit', '~> 2.3'
  s.dependency 'XXRouter', '~> 1.1'
  s.dependency 'XXNetworking', '~> 3.1'
  s.dependency 'XXAnalytics', '~> 3.0'
  s.dependency 'XXConfig', '~> 1.1'
  s.dependency 'XXAssets', '~> 1.2'
end
