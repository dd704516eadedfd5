#
# Be sure to run `pod lib lint XXOrder.podspec' to ensure this is a
# valid spec before submitting.
#
# Any lines starting with a # are optional, but their use is encouraged
# To learn more about a Podspec see https://guides.cocoapods.org/syntax/podspec.html
#

Pod::Spec.new do |s|
  s.name             = 'XXOrder'
  s.version          = '1.4.0'
  s.summary          = 'Order confirmation, order list and order detail.'

  s.description      = <<-DESC
Order confirmation page, the order list and the order detail page,
including after-sales entry points.
                       DESC

  s.homepage         = 'https://git.acme.example/ios/XXOrder'
  s.license          = { :type => 'Proprietary', :text => 'Copyright (c) Acme Inc. All rights reserved.' }
  s.author           = { 'Zhang Min' => 'zhang.min@acme.example' }
  s.source           = { :git => 'https://git.acme.example/ios/XXOrder.git', :tag => s.version.to_s }

  s.ios.deployment_target = '11.0'
  s.swift_version = '5.0'

  s.source_files = 'XXOrder/Classes/**/*.swift'

  s.dependency 'XXPay', '~> 1.9'
  s.dependency 'XXCartProtocols', '~> 1.0'
  s.dependency 'XXAccount', '~> 2.0'
  s.dependency 'XXUIKit', '~> 2.2'
  s.dependency 'XXRouter', '~> 1.0'
  s.dependency 'XXNetworking', '~> 3.0'
end
