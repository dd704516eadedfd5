Pod::Spec.new do |s|
  s.name             = 'XXLogger'
  s.version          = '1.4.1'
  s.summary          = 'Leveled logging with file rotation and a debug console.'

  s.description      = <<-DESC
Thin logging facade (`XXLog.info`, `.error`, …) over os_log with rotating
log files that the feedback form attaches.
                       DESC

  s.homepage         = 'https://git.acme.example/ios/XXLogger'
  s.license          = { :type => 'MIT', :file => 'LICENSE' }
  s.author           = { 'Tom Becker' => 'tom.becker@acme.example' }
  s.source           = { :git => 'https://git.acme.example/ios/XXLogger.git', :tag => "#{s.version}" }

  s.ios.deployment_target = '12.0'
  s.swift_version = '5.0'

  s.source_files = 'XXLogger/Classes/**/*.swift'
end
