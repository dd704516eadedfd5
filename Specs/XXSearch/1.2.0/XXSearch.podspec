#
# Be sure to run `pod lib lint XXSearch.podspec' to ensure this is a
# valid spec before submitting.
#
# Any lines starting with a # are optional, but their use is encouraged
# To learn more about a Podspec see https://guides.cocoapods.org/syntax/podspec.html
#

Pod::Spec.new do |s|
  s.name             = 'XXSearch'
  s.version          = '1.2.0'
  s.summary          = 'Search page, suggestions and search history.'

  s.description      = <<-DESC
Search bar, suggestions, result list with filters, and the local search
history kept in XXStorage.
                       DESC

  s.homepage         = 'https://git.acme.example/ios/XXSearch'
  s.license          = { :type => 'MIT', :file => 'LICENSE' }
  s.author           = { 'Zhang Min' => 'zhang.min@acme.example' }
  s.source           = { :git => 'https://git.acme.example/ios/XXSearch.git', :tag => s.version.to_s }

  s.ios.deployment_target = '12.0'
  s.swift_version = '5.0'

  s.source_files = 'XXSearch/Classes/**/*.swift'

  s.dependency 'XXUIKit', '~> 2.4'
  s.dependency 'XXRouter', '~> 1.1'
  s.dependency 'XXNetworking', '~> 3.1'
  s.dependency 'XXStorage', '~> 2.2'
  s.dependency 'XXAnalytics', '~> 3.1'
  s.dependency 'XXLogger'
end
