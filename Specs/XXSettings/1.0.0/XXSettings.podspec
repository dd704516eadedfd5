#
# Be sure to run `pod lib lint XXSettings.podspec' to ensure this is a
# valid spec before submitting.
#
# Any lines starting with a # are optional, but their use is encouraged
# To learn more about a Podspec see https://guides.cocoapods.org/syntax/podspec.html
#

Pod::Spec.new do |s|
  s.name             = 'XXSettings'
  s.version          = '1.0.0'
  s.summary          = 'Settings, about page and account security.'

  s.description      = <<-DESC
The settings tab: language, notifications, cache cleaning, account
security and the about page.
                       DESC

  s.homepage         = 'https://git.acme.example/ios/XXSettings'
  s.license          = { :type => 'MIT', :file => 'LICENSE' }
  s.author           = { 'Anna Berg' => 'anna.berg@acme.example' }
  s.source           = { :git => 'https://git.acme.example/ios/XXSettings.git', :tag => s.version.to_s }

  s.ios.deployment_target = '12.0'
  s.swift_version = '5.0'

  s.source_files = 'XXSettings/Classes/**/*.swift'

  s.dependency 'XXUIKit', '~> 2.3'
  s.dependency 'XXRouter', '~> 1.1'
  s.dependency 'XXAccount', '~> 2.1'
  s.dependency 'XXConfig', '~> 1.1'
  s.dependency 'XXLocalization', '~> 1.0'
end
