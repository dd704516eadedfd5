#
# Be sure to run `pod lib lint XXAccount.podspec' to ensure this is a
# valid spec before submitting.
#
# Any lines starting with a # are optional, but their use is encouraged
# To learn more about a Podspec see https://guides.cocoapods.org/syntax/podspec.html
#

Pod::Spec.new do |s|
  s.name             = 'XXAccount'
  s.version          = '2.0.0'
  s.summary          = 'Login state, tokens and the current session.'

  s.description      = <<-DESC
Owns the session: login, token refresh, logout and the `XXAccountDidChange`
notification. Tokens live in the keychain through XXFoundation.
                       DESC

  s.homepage         = 'https://git.acme.example/ios/XXAccount'
  s.license          = { :type => 'Proprietary', :text => 'Copyright (c) Acme Inc. All rights reserved.' }
  s.author           = { 'Zhang Min' => 'zhang.min@acme.example' }
  s.source           = { :git => 'https://git.acme.example/ios/XXAccount.git', :tag => s.version.to_s }

  s.ios.deployment_target = '11.0'
  s.swift_version = '5.0'

  s.source_files = 'XXAccount/Classes/**/*.swift'

  s.dependency 'XXNetworking', '~> 3.0'
  s.dependency 'XXFoundation', '~> 1.6'
  s.dependency 'XXLogger', '~> 1.3'
end
