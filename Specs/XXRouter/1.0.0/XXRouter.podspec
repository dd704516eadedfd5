#
# Be sure to run `pod lib lint XXRouter.podspec' to ensure this is a
# valid spec before submitting.
#
# Any lines starting with a # are optional, but their use is encouraged
# To learn more about a Podspec see https://guides.cocoapods.org/syntax/podspec.html
#

Pod::Spec.new do |s|
  s.name             = 'XXRouter'
  s.version          = '1.0.0'
  s.summary          = 'URL router: acme:// deep links and in-app navigation.'

  s.description      = <<-DESC
Registers `acme://` URL patterns per module and opens them from anywhere,
including universal links and push payloads.
                       DESC

  s.homepage         = 'https://git.acme.example/ios/XXRouter'
  s.license          = { :type => 'MIT', :file => 'LICENSE' }
  s.author           = { 'Li Wei' => 'li.wei@acme.example' }
  s.source           = { :git => 'https://git.acme.example/ios/XXRouter.git', :tag => s.version.to_s }

  s.ios.deployment_target = '11.0'
  s.swift_version = '5.0'

  s.source_files = 'XXRouter/Classes/**/*.swift'

  s.dependency 'XXFoundation', '~> 1.6'
  s.dependency 'XXLogger', '~> 1.3'
end
