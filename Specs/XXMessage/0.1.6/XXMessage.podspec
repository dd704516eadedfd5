Pod::Spec.new do |s|
  s.name             = 'XXMessage'
  s.version          = '0.1.6'
  s.summary          = 'Message centre: notifications, chat with customer service.'

  s.description      = <<-DESC
Message centre with notification categories and the customer service
chat. Push payloads are routed through XXRouter.
                       DESC

  s.homepage         = 'https://git.acme.example/ios/XXMessage'
  s.license          = { :type => 'MIT', :file => 'LICENSE' }
  s.author           = { 'Tom Becker' => 'tom.becker@acme.example' }
  s.source           = { :git => 'https://git.acme.example/ios/XXMessage.git', :tag => "#{s.version}" }

  s.ios.deployment_target = '12.0'
  s.swift_version = '5.0'

  s.source_files = 'XXMessage/Classes/**/*.swift'

  s.dependency 'XXNetworking', '~> 3.1'
  s.dependency 'XXUIKit', '~> 2.3'
  s.dependency 'XXRouter', '~> 1.1'
  s.dependency 'XXAccount', '~> 2.1'
end
