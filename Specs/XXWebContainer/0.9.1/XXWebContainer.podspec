Pod::Spec.new do |s|
  s.name             = 'XXWebContainer'
  s.version          = '0.9.1'
  s.summary          = 'WKWebView container with the Acme JS bridge.'

  s.description      = <<-DESC
Hybrid page container: WKWebView, the `acmeBridge` JS bridge, offline
packages and cookie sync with the session.
                       DESC

  s.homepage         = 'https://git.acme.example/ios/XXWebContainer'
  s.license          = { :type => 'MIT', :file => 'LICENSE' }
  s.author           = { 'Tom Becker' => 'tom.becker@acme.example' }
  s.source           = { :git => 'https://git.acme.example/ios/XXWebContainer.git', :tag => "#{s.version}" }

  s.ios.deployment_target = '12.0'
  s.swift_version = '5.0'

  s.source_files = 'XXWebContainer/Classes/**/*.swift'
  s.frameworks = 'WebKit'

  s.dependency 'XXUIKit', '~> 2.3'
  s.dependency 'XXNetworking', '~> 3.1'
  s.dependency 'XXFoundation', '~> 1.6'
  s.dependency 'XXLogger', '~> 1.4'
end
