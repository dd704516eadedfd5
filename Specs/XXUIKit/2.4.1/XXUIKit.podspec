#
# Be sure to run `pod lib lint XXUIKit.podspec' to ensure this is a
# valid spec before submitting.
#
# Any lines starting with a # are optional, but their use is encouraged
# To learn more about a Podspec see https://guides.cocoapods.org/syntax/podspec.html
#

Pod::Spec.new do |s|
  s.name             = 'XXUIKit'
  s.version          = '2.4.1'
  s.summary          = 'Acme design system: colours, typography, buttons, cells and toasts.'

  s.description      = <<-DESC
The Acme design system in code. `Core` holds layout helpers and extensions,
`Theme` the colours, fonts and icons, `Components` the reusable views
(buttons, cells, empty states, toasts).
                       DESC

  s.homepage         = 'https://git.acme.example/ios/XXUIKit'
  s.license          = { :type => 'MIT', :file => 'LICENSE' }
  s.author           = { 'Anna Berg' => 'anna.berg@acme.example' }
  s.source           = { :git => 'https://git.acme.example/ios/XXUIKit.git', :tag => s.version.to_s }

  s.ios.deployment_target = '12.0'
  s.swift_version = '5.0'

  s.default_subspecs = ['Core', 'Theme']

  s.subspec 'Core' do |ss|
    ss.source_files = 'XXUIKit/Core/**/*.swift'
    ss.frameworks = 'UIKit'
  end

  s.subspec 'Theme' do |ss|
    ss.source_files = 'XXUIKit/Theme/**/*.swift'
    ss.resource_bundles = { 'XXUIKitTheme' => ['XXUIKit/Theme/Assets/*.xcassets'] }
    ss.dependency 'XXUIKit/Core'
    ss.dependency 'XXAssets', '~> 1.2'
    ss.dependency 'XXIconFont', '~> 0.4'
  end

  s.subspec 'Components' do |ss|
    ss.source_files = 'XXUIKit/Components/**/*.swift'
    ss.dependency 'XXUIKit/Core'
    ss.dependency 'XXUIKit/Theme'
    ss.dependency 'XXLocalization', '~> 1.1'
  end
end
