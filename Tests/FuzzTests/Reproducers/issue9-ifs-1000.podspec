Pod::Spec.new do |s|
  s.name = 'Deep'
  s.version = '1.0.0'
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
if true
s.dependency 'A'
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end

end
