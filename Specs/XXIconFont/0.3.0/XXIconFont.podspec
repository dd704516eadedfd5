Pod::Spec.new do |s|
  s.name             = 'XXIconFont'
  s.version          = '0.3.0'
  s.summary          = 'The Acme icon font and its Swift glyph enum.'

  s.description      = <<-DESC
IconFont.ttf with 412 glyphs and a generated `XXIcon` enum.
                       DESC

  s.homepage         = 'https://git.acme.example/ios/XXIconFont'
  s.license          = { :type => 'MIT', :file => 'LICENSE' }
  s.author           = { 'Design Platform' => 'design-platform@acme.example' }
  s.source           = { :git => 'https://git.acme.example/ios/XXIconFont.git', :tag => "#{s.version}" }

  s.ios.deployment_target = '11.0'
  s.swift_version = '5.0'

  s.source_files = 'XXIconFont/Classes/**/*.swift'
  s.resources = 'XXIconFont/Fonts/*.ttf'
end
