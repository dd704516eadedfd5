#
# Be sure to run `pod lib lint XXNetworking.podspec' to ensure this is a
# valid spec before submitting.
#
# Any lines starting with a # are optional, but their use is encouraged
# To learn more about a Podspec see https://guides.cocoapods.org/syntax/podspec.html
#

Pod::Spec.new do |s|
  s.name             = 'XXNetworking'
  s.version          = '3.2.0'
  s.summary          = 'HTTP client of the Acme app: request signing, retries, JSON decoding.'

  s.description      = <<-DESC
URLSession based client with request signing, retry policies, certificate
pinning and Codable decoding of the Acme API envelope.
                       DESC

  s.homepage         = 'https://git.acme.example/ios/XXNetworking'
  s.license          = { :type => 'MIT', :file => 'LICENSE' }
  s.author           = { 'Li Wei' => 'li.wei@acme.example' }
  s.source           = { :git => 'https://git.acme.example/ios/XXNetworking.git', :tag => s.version.to_s }

  s.ios.deployment_target = '12.0'
  s.swift_version = '5.0'

  s.source_files = 'XXNetworking/Classes/**/*.swift'
  s.frameworks = 'Foundation', 'Security'
end
