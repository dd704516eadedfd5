#
# Be sure to run `pod lib lint XXDetail.podspec' to ensure this is a
# valid spec before submitting.
#
# Any lines starting with a # are optional, but their use is encouraged
# To learn more about a Podspec see https://guides.cocoapods.org/syntax/podspec.html
#

Pod::Spec.new do |s|
  s.name             = 'XXDetail'
  s.version          = '1.8.0'
  s.summary          = 'Product detail page.'

  s.description      = <<-DESC
Product detail page: gallery, SKU picker, reviews teaser and the
add-to-cart bar.
                       DESC

  s.homepage         = 'https://git.acme.example/ios/XXDetail'
  s.license          = { :type => 'MIT', :file => 'LICENSE' }
  s.author           = { 'Zhang Min' => 'zhang.min@acme.example' }
  s.source           = { :git => 'https://git.acme.example/ios/XXDetail.git', :tag => s.version.to_s }

  s.ios.deployment_target = '11.0'
  s.swift_version = '5.0'

  s.source_files = 'XXDetail/Classes/**/*.swift'
  s.resource_bundles = { 'XXDetail' => ['XXDetail/Assets/*.xcassets'] }

  s.dependency 'XXUIKit', '~> 2.2'
  s.dependency 'XXRouter', '~> 1.0'
  s.dependency 'XXNetworking', '~> 3.0'
  s.dependency 'XXCartProtocols', '~> 1.0'
end
