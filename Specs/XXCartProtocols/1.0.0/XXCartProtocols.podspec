#
# Be sure to run `pod lib lint XXCartProtocols.podspec' to ensure this is a
# valid spec before submitting.
#
# Any lines starting with a # are optional, but their use is encouraged
# To learn more about a Podspec see https://guides.cocoapods.org/syntax/podspec.html
#

Pod::Spec.new do |s|
  s.name             = 'XXCartProtocols'
  s.version          = '1.0.0'
  s.summary          = 'Interface of the cart module: XXCartService and its models.'

  s.description      = <<-DESC
Protocols and value types other modules use to talk to the cart without
linking XXCart: `XXCartService`, `XXCartItem`, `XXCartBadgeObserving`.
Resolved at runtime through XXMediator.
                       DESC

  s.homepage         = 'https://git.acme.example/ios/XXCartProtocols'
  s.license          = { :type => 'MIT', :file => 'LICENSE' }
  s.author           = { 'Li Wei' => 'li.wei@acme.example' }
  s.source           = { :git => 'https://git.acme.example/ios/XXCartProtocols.git', :tag => s.version.to_s }

  s.ios.deployment_target = '12.0'
  s.swift_version = '5.0'

  s.source_files = 'XXCartProtocols/Classes/**/*.swift'

  s.dependency 'XXMediator', '~> 1.0'
end
