Pod::Spec.new do |s|
  s.name             = 'XXPay'
  s.version          = '2.1.0-rc.2'
  s.summary          = 'Checkout payments: Apple Pay, cards and the cashier sheet.'

  s.description      = <<-DESC
The cashier sheet, Apple Pay and saved cards.
2.1 moves the payment methods list behind a remote config flag.
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
  s.dependency 'XXUIKit', '~> 2.4'
  s.dependency 'XXLogger', '~> 1.4'
  s.dependency 'XXConfig', '~> 1.2'
end
