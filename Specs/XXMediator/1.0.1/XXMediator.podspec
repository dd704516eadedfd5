#
# Be sure to run `pod lib lint XXMediator.podspec' to ensure this is a
# valid spec before submitting.
#
# Any lines starting with a # are optional, but their use is encouraged
# To learn more about a Podspec see https://guides.cocoapods.org/syntax/podspec.html
#

Pod::Spec.new do |s|
  s.name             = 'XXMediator'
  s.version          = '1.0.1'
  s.summary          = 'Target-action mediator that business modules call each other through.'

  s.description      = <<-DESC
CTMediator style target-action dispatch plus a protocol registry
(`XXMediator.register(_:for:)`) used by the *Protocols interface pods.
                       DESC

  s.homepage         = 'https://git.acme.example/ios/XXMediator'
  s.license          = { :type => 'MIT', :file => 'LICENSE' }
  s.author           = { 'Li Wei' => 'li.wei@acme.example' }
  s.source           = { :git => 'https://git.acme.example/ios/XXMediator.git', :tag => s.version.to_s }

  s.ios.deployment_target = '12.0'
  s.swift_version = '5.0'

  s.source_files = 'XXMediator/Classes/**/*.{h,m,swift}'

  s.dependency 'XXFoundation', '~> 1.6'
end
