Pod::Spec.new do |s|
  s.name             = 'XXPay'
  s.version          = '2.0.1'
  s.summary          = 'Checkout payments: Apple Pay, cards and the cashier sheet.'

  s.description      = <<-DESC
The cashier sheet, Apple Pay and saved cards.
                       DESC

  s.homepage         = 'https://git.acme.example/ios/XXPay'
  s.license          = { :type => 'Proprietary', :text => 'Copyright (c) Acme Inc. All rights reserved.' }
  s.author           = { 'Tom Becker' => 'tom.becker@acme.example' }
  s.source           = { :git => 'https://git.acme.example/ios/XXPay.git', :tag => "#{s.version}" }

  s.ios.deployment_target = '12.0'
  s.swift_version = '5.0'

  s.source_files = 'XXPay/Classes/**/*.swift'
  s.frameworks = 'PassKit'

  s.dependency 'XXAccount', '~> 2.1'
  s.dependency 'XXNetworking', '~> 3.1'
  s.dependency 'XXUIKit', '~> 2.3'
  s.dependency 'XXLogger', '~> 1.4'
end
