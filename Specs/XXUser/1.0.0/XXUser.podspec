#
# Be sure to run `pod lib lint XXUser.podspec' to ensure this is a
# valid spec before submitting.
#
# Any lines starting with a # are optional, but their use is encouraged
# To learn more about a Podspec see https://guides.cocoapods.org/syntax/podspec.html
#

Pod::Spec.new do |s|
  s.name             = 'XXUser'
  s.version          = '1.0.0'
  s.summary          = 'User profile, avatar and address book.'

  s.description      = <<-DESC
Profile page, avatar upload and the shipping address book.
                       DESC

  s.homepage         = 'https://git.acme.example/ios/XXUser'
  s.license          = { :type => 'MIT', :file => 'LICENSE' }
  s.author           = { 'Anna Berg' => 'anna.berg@acme.example' }
  s.source           = { :git => 'https://git.acme.example/ios/XXUser.git', :tag => '1.0.0' }

  s.ios.deployment_target = '11.0'
  s.swift_version = '5.0'

  s.source_files = 'XXUser/Classes/**/*.swift'

  s.dependency 'XXAccount', '~> 2.0'
  s.dependency 'XXUIKit', '~> 2.2'
  s.dependency 'XXRouter', '~> 1.0'
end
