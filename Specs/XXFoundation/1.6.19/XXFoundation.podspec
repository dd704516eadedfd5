Pod::Spec.new do |s|
  s.name             = 'XXFoundation'
  s.version          = '1.6.19'
  s.summary          = 'Foundation extensions, keychain wrapper and common value types.'

  s.description      = <<-DESC
Extensions on Foundation types, a Keychain wrapper, `XXResult`, debouncers and
the date formatters used across the app.
                       DESC

  s.homepage         = 'https://git.acme.example/ios/XXFoundation'
  s.license          = { :type => 'MIT', :file => 'LICENSE' }
  s.author           = { 'Tom Becker' => 'tom.becker@acme.example' }
  s.source           = { :git => 'https://git.acme.example/ios/XXFoundation.git', :tag => "#{s.version}" }

  s.ios.deployment_target = '12.0'
  s.swift_version = '5.0'

  s.source_files = 'XXFoundation/Classes/**/*.{h,m,swift}'
  s.public_header_files = 'XXFoundation/Classes/**/*.h'
end
