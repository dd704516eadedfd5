#
# Be sure to run `pod lib lint XXStorage.podspec' to ensure this is a
# valid spec before submitting.
#
# Any lines starting with a # are optional, but their use is encouraged
# To learn more about a Podspec see https://guides.cocoapods.org/syntax/podspec.html
#

Pod::Spec.new do |s|
  s.name             = 'XXStorage'
  s.version          = '2.3.0'
  s.summary          = 'Key-value and SQLite storage with per-module namespaces.'

  s.description      = <<-DESC
A namespaced key-value store (MMKV-like) and a small SQLite wrapper used for
caches, drafts and history.
                       DESC

  s.homepage         = 'https://git.acme.example/ios/XXStorage'
  s.license          = { :type => 'MIT', :file => 'LICENSE' }
  s.author           = { 'Zhang Min' => 'zhang.min@acme.example' }
  s.source           = { :git => 'https://git.acme.example/ios/XXStorage.git', :tag => s.version.to_s }

  s.ios.deployment_target = '12.0'
  s.swift_version = '5.0'

  s.source_files = 'XXStorage/Classes/**/*.swift'
  s.libraries = 'sqlite3'

  s.dependency 'XXUser', '~> 1.3'
end
