#
# Be sure to run `pod lib lint XXAssets.podspec' to ensure this is a
# valid spec before submitting.
#
# Any lines starting with a # are optional, but their use is encouraged
# To learn more about a Podspec see https://guides.cocoapods.org/syntax/podspec.html
#

Pod::Spec.new do |s|
  s.name             = 'XXAssets'
  s.version          = '1.2.1'
  s.summary          = 'Shared image assets, colours and Lottie files of the Acme app.'

  s.description      = <<-DESC
Asset catalogues (icons, illustrations, brand colours) and Lottie animations
shared by every Acme component. No code besides the bundle accessor.
                       DESC

  s.homepage         = 'https://git.acme.example/ios/XXAssets'
  s.license          = { :type => 'MIT', :file => 'LICENSE' }
  s.author           = { 'Design Platform' => 'design-platform@acme.example' }
  s.source           = { :git => 'https://git.acme.example/ios/XXAssets.git', :tag => s.version.to_s }

  s.ios.deployment_target = '12.0'
  s.swift_version = '5.0'

  s.source_files = 'XXAssets/Classes/**/*.swift'
  s.resource_bundles = { 'XXAssets' => ['XXAssets/Assets/**/*.{xcassets,json}'] }
end
