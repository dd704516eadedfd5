#
# Be sure to run `pod lib lint XXCart.podspec' to ensure this is a
# valid spec before submitting.
#
# Any lines starting with a # are optional, but their use is encouraged
# To learn more about a Podspec see https://guides.cocoapods.org/syntax/podspec.html
#

Pod::Spec.new do |s|
  s.name             = 'XXCart'
  s.version          = '1.2.1'
  s.summary          = 'Shopping cart: cart page, badge, and the XXCartService implementation.'

  s.description      = <<-DESC
Cart page, cart badge and the implementation of `XXCartService` from
XXCartProtocols.
1.2 shows product cells from XXDetail in the "you may also like" section.
                       DESC

  s.homepage         = 'https://git.acme.example/ios/XXCart'
  s.license          = { :type => 'MIT', :file => 'LICENSE' }
  s.author           = { 'Li Wei' => 'li.wei@acme.example' }
  s.source           = { :git => 'https://git.acme.example/ios/XXCart.git', :tag => s.version.to_s }

  s.ios.deployment_target = '12.0'
  s.swift_version = '5.0'

  s.source_files = 'XXCart/Classes/**/*.swift'
  s.resource_bundles = { 'XXCart' => ['XXCart/Assets/*.xcassets'] }

  s.dependency 'XXCartProtocols', '1.2.0'
  s.dependency 'XXDetail', '~> 2.0'
  s.dependency 'XXPay', '~> 2.0'
  s.dependency 'XXCoupon', '~> 1.1'
  s.dependency 'XXNetworking', '~> 3.1'
  s.dependency 'XXUIKit', '~> 2.4'
  s.dependency 'XXRouter', '~> 1.1'
  s.dependency 'XXStorage', '~> 2.2'
  s.dependency 'XXAccount', '~> 2.1'
  s.dependency 'XXAnalytics', '~> 3.1'
end
