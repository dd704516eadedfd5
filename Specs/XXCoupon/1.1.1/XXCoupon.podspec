#
# Be sure to run `pod lib lint XXCoupon.podspec' to ensure this is a
# valid spec before submitting.
#
# Any lines starting with a # are optional, but their use is encouraged
# To learn more about a Podspec see https://guides.cocoapods.org/syntax/podspec.html
#

Pod::Spec.new do |s|
  s.name             = 'XXCoupon'
  s.version          = '1.1.1'
  s.summary          = 'Coupons: wallet, claim centre and the coupon picker.'

  s.description      = <<-DESC
Coupon wallet, the claim centre and the coupon picker used at checkout.
Other modules reach it through XXMediator.
                       DESC

  s.homepage         = 'https://git.acme.example/ios/XXCoupon'
  s.license          = { :type => 'MIT', :file => 'LICENSE' }
  s.author           = { 'Li Wei' => 'li.wei@acme.example' }
  s.source           = { :git => 'https://git.acme.example/ios/XXCoupon.git', :tag => s.version.to_s }

  s.ios.deployment_target = '12.0'
  s.swift_version = '5.0'

  s.source_files = 'XXCoupon/Classes/**/*.swift'

  s.dependency 'XXNetworking', '~> 3.1'
  s.dependency 'XXUIKit', '~> 2.4'
  s.dependency 'XXAccount', '~> 2.1'
  s.dependency 'XXMediator', '~> 1.1'
end
